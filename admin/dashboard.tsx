import { Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';

const links = [
  { to: '/orders', label: 'freshcart.dashboard.orders' },
  { to: '/products', label: 'freshcart.dashboard.products' },
  { to: '/categories', label: 'freshcart.dashboard.categories' },
  { to: '/brands', label: 'freshcart.dashboard.brands' },
  { to: '/audit-log', label: 'freshcart.dashboard.audit' },
  { to: '/import', label: 'freshcart.import.title' },
];

export function Dashboard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="freshcart.title" />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('freshcart.dashboard.welcome')}
        </Typography>
        <Typography color="text.secondary">{translate('freshcart.dashboard.intro')}</Typography>
        <List component="nav" aria-label={translate('freshcart.title')}>
          {links.map((link) => (
            <ListItemButton key={link.to} component={Link} to={link.to}>
              <ListItemText primary={translate(link.label)} />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
