import {
  APP_DOWNLOAD_DEFAULTS,
  type AppDownloadSettings,
  appDownloadSchema,
} from '@b2b/domain/company-configurations';
import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../session/paths';
import { configurationOfTypeQuery } from '../company-configurations/company-configurations.api';
import { SettingsActions } from '../company-configurations/settings-actions';
import { useSettingsForm } from '../company-configurations/use-settings-form';

/**
 * The app-download card's store links (the company's 'app_download' configuration), set where
 * both the admin app and the marketing-only app reach them: the Company page.
 */
export function AppDownloadCard({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const entry = useQuery(configurationOfTypeQuery(companyId, 'app_download'));
  return (
    <Card withBorder padding="lg" component="section" aria-label="App Download">
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4">
            App Download
          </Title>
          <Text size="sm" c="dimmed">
            The store links of your app, shown with their QR codes on the{' '}
            <Anchor component={Link} to={PATHS.downloadApp} underline="always" size="sm">
              App Download
            </Anchor>{' '}
            page.
          </Text>
        </div>
        {entry.isPending && <Skeleton height={120} />}
        {entry.isError && <LoadErrorAlert error={entry.error} onRetry={() => entry.refetch()} />}
        {entry.isSuccess && (
          <AppDownloadForm companyId={companyId} canChange={canChange} entry={entry.data ?? undefined} />
        )}
      </Stack>
    </Card>
  );
}

function AppDownloadForm({
  companyId,
  canChange,
  entry,
}: {
  companyId: number;
  canChange: boolean;
  entry: Parameters<typeof useSettingsForm>[0]['entry'];
}) {
  const { form, save, submit, discard } = useSettingsForm<AppDownloadSettings>({
    companyId,
    type: 'app_download',
    entry,
    schema: appDownloadSchema,
    defaults: APP_DOWNLOAD_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextField
          control={form.control}
          name="android_url"
          label="Google Play link (Android)"
          placeholder="https://play.google.com/store/apps/details?id=..."
          readOnly={!canChange}
        />
        <TextField
          control={form.control}
          name="ios_url"
          label="App Store link (iOS)"
          placeholder="https://apps.apple.com/in/app/..."
          readOnly={!canChange}
        />
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
