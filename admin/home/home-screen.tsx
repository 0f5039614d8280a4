// #/home-page: the storefront home page's banner slides (each with its own schedule) and featured categories, edited
// as a draft, previewed in the storefront and published (issue 27, item 5; server/modules/home/ is the API).
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  Form,
  ReferenceArrayInput,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  Title,
  useTranslate,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { PreviewControls, PublishButton, StatusLine } from './home-actions';
import { atMost, limits, type HomeValues } from './home-values';
import { SlideInputs } from './slide-inputs';
import { useHomeDraft, type HomeDraftState } from './use-home-draft';

function Section({
  title,
  hint,
  max,
  children,
}: {
  title: string;
  hint: string;
  max: number;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 3, minWidth: 0 }}>
      <Typography component="h2" variant="h6">
        {translate(title)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(hint, { max })}
      </Typography>
      {children}
    </Box>
  );
}

function Slides() {
  const translate = useTranslate();
  const slides = useWatch<HomeValues, 'slides'>({ name: 'slides' }) ?? [];
  return (
    <ArrayInput
      source="slides"
      label={false}
      validate={atMost(limits.maxSlides, 'freshcart.home.too_many_slides')}
    >
      <SimpleFormIterator
        disableAdd={slides.length >= limits.maxSlides}
        disableClear
        getItemLabel={(index) => translate('freshcart.home.slide_n', { n: index + 1 })}
        sx={{ '& .RaSimpleFormIterator-line': { minWidth: 0 } }}
      >
        <SlideInputs />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function HomeToolbar({ home }: { home: HomeDraftState }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start', pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <SaveButton label="freshcart.home.save" disabled={home.busy} />
      <PreviewControls home={home} />
      <PublishButton home={home} />
    </Stack>
  );
}

export function HomeScreen() {
  const translate = useTranslate();
  const home = useHomeDraft();
  const { draft, record, loadError, conflict } = home;
  return (
    <Card sx={{ mt: 2, minWidth: 0 }}>
      <Title title="freshcart.home.title" />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('freshcart.home.title')}
        </Typography>
        {loadError ? <Alert severity="error">{loadError}</Alert> : null}
        {!draft && !loadError ? <LinearProgress aria-label={translate('freshcart.home.loading')} /> : null}
        {conflict ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={home.reload}>
                {translate('freshcart.home.reload')}
              </Button>
            }
          >
            <Typography variant="body2">{translate('freshcart.home.conflict')}</Typography>
            <Typography variant="body2" dir="auto">
              {conflict}
            </Typography>
          </Alert>
        ) : null}
        {draft && record ? (
          <>
            <StatusLine draft={draft} />
            {/* Not a resource of the back office; react-admin's slide iterator asks for a resource name all the same. */}
            <ResourceContextProvider value="home">
              <Form
                key={home.reads}
                record={record}
                onSubmit={async (values: FieldValues) => (await home.save(values as HomeValues)).errors}
                warnWhenUnsavedChanges
                noValidate
              >
                <Section
                  title="freshcart.home.slides"
                  hint="freshcart.home.slides_hint"
                  max={limits.maxSlides}
                >
                  <Slides />
                </Section>
                <Section
                  title="freshcart.home.featured"
                  hint="freshcart.home.featured_hint"
                  max={limits.maxFeaturedCategories}
                >
                  <ReferenceArrayInput
                    source="featuredCategories"
                    reference="categories"
                    perPage={100}
                    sort={{ field: 'name', order: 'ASC' }}
                  >
                    <AutocompleteArrayInput
                      label="freshcart.home.featured"
                      optionText="name"
                      filterToQuery={() => ({})}
                      validate={atMost(limits.maxFeaturedCategories, 'freshcart.home.too_many_featured')}
                      sx={{ width: '100%', maxWidth: 720 }}
                    />
                  </ReferenceArrayInput>
                </Section>
                <HomeToolbar home={home} />
              </Form>
            </ResourceContextProvider>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
