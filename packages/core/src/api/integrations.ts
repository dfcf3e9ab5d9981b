import type { ApiToken, ApiTokenScope, WebhookDelivery, WebhookEndpoint } from '../contracts/integrations.ts';
import { apiClient, callApi, getJson, postJson, type StatusMessages } from './client.ts';

/**
 * The producer area's calls on an organisation's API tokens and webhooks
 * (docs/integrations.md). Failures show the API host's pt-BR message.
 */

/** Generic text for a failure that carried no message (no answer, a timeout). */
export const INTEGRATIONS_CALL_FAILED = 'Não foi possível concluir a ação. Tente novamente.';

const messages: StatusMessages = { fallback: INTEGRATIONS_CALL_FAILED, preferServerMessage: true };

export type {
  ApiToken,
  ApiTokenScope,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from '../contracts/integrations.ts';

/** `GET /organisations/:id/api-tokens` (owners). */
export async function fetchApiTokens(organisationId: number): Promise<ApiToken[]> {
  return (await getJson<{ tokens: ApiToken[] }>(`organisations/${organisationId}/api-tokens`, messages))
    .tokens;
}

/** `POST /organisations/:id/api-tokens`: the answer's `token` is the only time it is shown. */
export function createApiToken(
  organisationId: number,
  input: { name: string; scopes: ApiTokenScope[] },
): Promise<ApiToken & { token: string; message: string }> {
  return postJson(`organisations/${organisationId}/api-tokens`, input, messages);
}

/** `DELETE /organisations/:id/api-tokens/:tokenId`: revoked at once. */
export async function revokeApiToken(organisationId: number, tokenId: number): Promise<void> {
  await callApi(
    () => apiClient().delete(`organisations/${organisationId}/api-tokens/${tokenId}`).json(),
    messages,
  );
}

/** `GET /organisations/:id/webhooks` (owners and managers): the endpoints and every event type. */
export function fetchWebhookEndpoints(
  organisationId: number,
): Promise<{ endpoints: WebhookEndpoint[]; eventTypes: string[] }> {
  return getJson(`organisations/${organisationId}/webhooks`, messages);
}

/** `POST /organisations/:id/webhooks`: the answer's `secret` is the only time it is shown. */
export function createWebhookEndpoint(
  organisationId: number,
  input: { url: string; eventTypes: string[] },
): Promise<WebhookEndpoint & { secret: string; message: string }> {
  return postJson(`organisations/${organisationId}/webhooks`, input, messages);
}

/** `PUT /organisations/:id/webhooks/:endpointId`: switches an endpoint on or off. */
export function setWebhookEndpointEnabled(
  organisationId: number,
  endpointId: number,
  enabled: boolean,
): Promise<WebhookEndpoint> {
  return callApi(
    () =>
      apiClient()
        .put(`organisations/${organisationId}/webhooks/${endpointId}`, { json: { enabled } })
        .json<WebhookEndpoint>(),
    messages,
  );
}

/** `GET /organisations/:id/webhook-deliveries`: the newest deliveries. */
export async function fetchWebhookDeliveries(organisationId: number): Promise<WebhookDelivery[]> {
  return (
    await getJson<{ deliveries: WebhookDelivery[] }>(
      `organisations/${organisationId}/webhook-deliveries`,
      messages,
      { searchParams: { limit: 20 } },
    )
  ).deliveries;
}

/** `POST /organisations/:id/webhook-deliveries/:deliveryId/redeliver`: one more try, queued. */
export function redeliverWebhook(organisationId: number, deliveryId: number): Promise<{ message: string }> {
  return postJson(`organisations/${organisationId}/webhook-deliveries/${deliveryId}/redeliver`, {}, messages);
}
