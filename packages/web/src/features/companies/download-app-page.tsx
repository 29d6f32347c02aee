import { Anchor, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { type AppDownload, appDownloadQuery } from './app-download.api';

/** The promo claims of the app-download card (spec 2 section 1, spec 3 section 9). */
export const APP_PROMO_CLAIMS = ['Saves 100 hours monthly', '50% lower customer acquisition cost'] as const;

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

interface StoreProps {
  store: string;
  button: string;
  icon: typeof IconBrandAndroid;
  url: string | null;
  qr: string | null;
}

function StoreLink({ store, button, icon: Icon, url, qr }: StoreProps) {
  return (
    <Card withBorder padding="md" component="section" aria-label={store}>
      <Stack align="center" gap="sm">
        <Group gap={6}>
          <Icon size={20} aria-hidden />
          <Text fw={600}>{store}</Text>
        </Group>
        {url && qr ? (
          <>
            <img src={svgSource(qr)} alt={`QR code of the ${store} link`} width={160} height={160} />
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<Icon size={16} />}
            >
              {button}
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            No {store} link is set.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function StoreLinks({ links, canSet }: { links: AppDownload; canSet: boolean }) {
  const none = !links.android_url && !links.ios_url;
  return (
    <Stack gap="md">
      {none && (
        <Text size="sm">
          Your company has not set its app’s store links yet, so there is nothing to download here.{' '}
          {canSet ? (
            <Anchor component={Link} to={PATHS.company} underline="always" size="sm">
              Set them on the Company page.
            </Anchor>
          ) : (
            'Ask your Company Admin to set them.'
          )}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <StoreLink
          store="Android"
          button="Get it on Google Play"
          icon={IconBrandAndroid}
          url={links.android_url}
          qr={links.android_qr_svg}
        />
        <StoreLink
          store="iOS"
          button="Download on the App Store"
          icon={IconBrandApple}
          url={links.ios_url}
          qr={links.ios_qr_svg}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** /download-app: the app-download card, the company's store links with their QR codes. */
export function DownloadAppPage() {
  const user = useCurrentUser();
  const links = useQuery(appDownloadQuery(user.company.id));
  return (
    <Stack gap="lg" maw={880}>
      <Title order={2}>App Download</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={3} fz="h4">
            Run your business from your phone
          </Title>
          <List
            spacing="xs"
            icon={<IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
          >
            {APP_PROMO_CLAIMS.map((claim) => (
              <List.Item key={claim}>{claim}</List.Item>
            ))}
          </List>
          {links.isPending && <Skeleton height={220} aria-label="Loading the store links" />}
          {links.isError && <LoadErrorAlert error={links.error} onRetry={() => links.refetch()} />}
          {links.isSuccess && (
            <StoreLinks links={links.data} canSet={canPerform(user, 'change_configuration')} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
