import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorDetail, isApiError } from '../../api/api-error';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { useConnectAmazon } from './amazon.api';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * /amazon-authentication (connect-Amazon): where Seller Central sends the seller back with
 * spapi_oauth_code, state and selling_partner_id. They are passed to the server once; on success
 * the user is taken to /amazon-seller-login.
 */
export function AmazonAuthenticationPage() {
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const connect = useConnectAmazon(user.company.id);
  const started = useRef(false);
  const code = text(search.spapi_oauth_code);
  const state = text(search.state);
  const seller = text(search.selling_partner_id);
  useEffect(() => {
    if (!code || !state || !seller || started.current) return;
    started.current = true;
    connect.mutate(
      { spapi_oauth_code: code, state, selling_partner_id: seller },
      { onSuccess: () => void navigate({ to: PATHS.amazonSellerLogin, replace: true }) },
    );
  }, [code, state, seller, connect, navigate]);
  const problem = connect.isError
    ? isApiError(connect.error)
      ? (connect.error.errors.state?.[0] ??
        connect.error.errors.spapi_oauth_code?.[0] ??
        connect.error.errors.selling_partner_id?.[0] ??
        errorDetail(connect.error))
      : errorDetail(connect.error)
    : !code || !state || !seller
      ? 'Amazon did not send back an authorization. Start connecting again.'
      : null;
  return (
    <Stack gap="lg">
      <Title order={2}>Connect Amazon</Title>
      {problem ? (
        <Alert color="red" variant="light" title="Not connected">
          {problem}
        </Alert>
      ) : (
        <Alert color="blue">Connecting your Amazon seller account…</Alert>
      )}
      {problem && (
        <div>
          <Button component={Link} to={PATHS.amazonSellerLogin} variant="default">
            Back to Amazon Seller
          </Button>
        </div>
      )}
    </Stack>
  );
}
