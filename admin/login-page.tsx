import { Box, Typography } from '@mui/material';
import { LocalesMenuButton, Login, LoginForm, useTranslate } from 'react-admin';

/** react-admin's sign-in form (its "username" labelled Email), a heading, and the language switch. */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <Login sx={{ backgroundImage: 'none', backgroundColor: 'background.default' }}>
      <Box sx={{ px: 2, pt: 1, display: 'flex', justifyContent: 'flex-end' }}>
        <LocalesMenuButton />
      </Box>
      <Typography component="h1" variant="h6" sx={{ textAlign: 'center', px: 2 }}>
        {translate('freshcart.auth.heading')}
      </Typography>
      <LoginForm />
    </Login>
  );
}
