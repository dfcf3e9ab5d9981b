import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import {
  type ApiToken,
  type ApiTokenScope,
  createApiToken,
  createWebhookEndpoint,
  fetchApiTokens,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  INTEGRATIONS_CALL_FAILED,
  redeliverWebhook,
  revokeApiToken,
  setWebhookEndpointEnabled,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@plateia/core/api/integrations';
import { formatDateTime } from '@plateia/core/format/dates';
import type { OrganisationRole } from '@plateia/core/messages/organisations';
import { type FormEvent, useCallback, useEffect, useState } from 'react';

/** The scopes a token may carry, as the form names them (docs/integrations.md, "Scopes"). */
const SCOPES: { scope: ApiTokenScope; label: string }[] = [
  { scope: 'orders:read', label: 'Ler pedidos (orders:read)' },
  { scope: 'webhooks:write', label: 'Gerenciar webhooks (webhooks:write)' },
];

/** A delivery's status as the log shows it. */
const DELIVERY_STATUS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pendente',
  succeeded: 'Entregue',
  failed: 'Falhou',
  skipped: 'Ignorada',
};

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : INTEGRATIONS_CALL_FAILED;

/** A secret shown once, with the warning that it will not be shown again. */
function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div className="field">
      <label htmlFor={`shown-${label}`}>{label}</label>
      <input
        id={`shown-${label}`}
        className="input"
        readOnly
        value={value}
        onFocus={(e) => e.target.select()}
      />
      <span className="muted">Copie agora: ele não será mostrado de novo.</span>
    </div>
  );
}

/** Checkboxes of `options`, `chosen` ticked. */
function Choices({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, option.value]
                  : chosen.filter((value) => value !== option.value),
              )
            }
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** "Tokens de API": owners create, see once and revoke the organisation's tokens. */
function ApiTokens({ organisationId }: { organisationId: number }) {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['orders:read']);
  const [created, setCreated] = useState('');
  const [error, setError] = useState('');
  const reload = useCallback(
    () => fetchApiTokens(organisationId).then(setTokens, () => setTokens([])),
    [organisationId],
  );
  useEffect(() => void reload(), [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const answer = await createApiToken(organisationId, { name, scopes: scopes as ApiTokenScope[] });
      setCreated(answer.token);
      setName('');
      showToast({ kind: 'success', message: answer.message });
      await reload();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function revoke(token: ApiToken) {
    try {
      await revokeApiToken(organisationId, token.id);
      showToast({ kind: 'success', message: 'Token revogado. Ele deixa de funcionar imediatamente.' });
      await reload();
    } catch (failure) {
      showToast({ kind: 'error', message: failureText(failure) });
    }
  }

  return (
    <div className="producer-section">
      <h3>Tokens de API</h3>
      <form className="producer-form" onSubmit={(event) => void create(event)} noValidate>
        <div className="field">
          <label htmlFor="integration-token-name">Nome do token</label>
          <input
            id="integration-token-name"
            className="input"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Choices
          legend="Permissões"
          options={SCOPES.map((item) => ({ value: item.scope, label: item.label }))}
          chosen={scopes}
          onChange={setScopes}
        />
        {error && (
          <span className="error" role="alert">
            {error}
          </span>
        )}
        <div>
          <button type="submit" className="btn btn-primary">
            Criar token
          </button>
        </div>
      </form>
      {created && <ShownOnce label="Seu novo token" value={created} />}
      {tokens !== null && tokens.length === 0 && <p className="muted">Nenhum token criado.</p>}
      <ul className="producer-list">
        {(tokens ?? []).map((token) => (
          <li key={token.id} className="producer-item" data-testid="api-token">
            <div className="producer-item-main">
              <strong>{token.name}</strong>
              <span className="muted">
                {token.tokenStart}… · {token.scopes.join(', ')} · último uso:{' '}
                {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'nunca'}
              </span>
            </div>
            <div className="producer-item-actions">
              {token.revokedAt ? (
                <span className="producer-status">Revogado</span>
              ) : (
                <button type="button" className="btn btn-secondary" onClick={() => void revoke(token)}>
                  Revogar
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Webhooks": endpoints, their signing secret shown once, and the delivery log with redelivery. */
function Webhooks({ organisationId }: { organisationId: number }) {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['order.paid']);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    try {
      const [list, log] = await Promise.all([
        fetchWebhookEndpoints(organisationId),
        fetchWebhookDeliveries(organisationId),
      ]);
      setEndpoints(list.endpoints);
      setEventTypes(list.eventTypes);
      setDeliveries(log);
    } catch {
      setEndpoints([]);
    }
  }, [organisationId]);
  useEffect(() => void reload(), [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      const answer = await createWebhookEndpoint(organisationId, { url, eventTypes: chosen });
      setSecret(answer.secret);
      setUrl('');
      showToast({ kind: 'success', message: answer.message });
      await reload();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function act(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      showToast({ kind: 'success', message: success });
      await reload();
    } catch (failure) {
      showToast({ kind: 'error', message: failureText(failure) });
    }
  }

  return (
    <div className="producer-section">
      <h3>Webhooks</h3>
      <form className="producer-form" onSubmit={(event) => void create(event)} noValidate>
        <div className="field">
          <label htmlFor="integration-webhook-url">Endereço do webhook (https://)</label>
          <input
            id="integration-webhook-url"
            className="input"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <Choices
          legend="Eventos"
          options={eventTypes.map((type) => ({ value: type, label: type }))}
          chosen={chosen}
          onChange={setChosen}
        />
        {error && (
          <span className="error" role="alert">
            {error}
          </span>
        )}
        <div>
          <button type="submit" className="btn btn-primary">
            Adicionar webhook
          </button>
        </div>
      </form>
      {secret && <ShownOnce label="Segredo de assinatura" value={secret} />}
      {endpoints !== null && endpoints.length === 0 && <p className="muted">Nenhum webhook cadastrado.</p>}
      <ul className="producer-list">
        {(endpoints ?? []).map((endpoint) => (
          <li key={endpoint.id} className="producer-item" data-testid="webhook-endpoint">
            <div className="producer-item-main">
              <strong>{endpoint.url}</strong>
              <span className="muted">
                {endpoint.eventTypes.join(', ')} · {endpoint.enabled ? 'ativo' : 'desativado'}
              </span>
            </div>
            <div className="producer-item-actions">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  void act(
                    () => setWebhookEndpointEnabled(organisationId, endpoint.id, !endpoint.enabled),
                    endpoint.enabled ? 'Webhook desativado.' : 'Webhook ativado.',
                  )
                }
              >
                {endpoint.enabled ? 'Desativar' : 'Ativar'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <h3>Entregas recentes</h3>
      {deliveries.length === 0 && <p className="muted">Nenhuma entrega ainda.</p>}
      <ul className="producer-list">
        {deliveries.map((delivery) => {
          const last = delivery.attempts[0];
          return (
            <li key={delivery.id} className="producer-item" data-testid="webhook-delivery">
              <div className="producer-item-main">
                <strong>{delivery.type}</strong>
                <span className="muted">
                  {DELIVERY_STATUS[delivery.status]}
                  {last
                    ? ` · tentativa ${last.attempt} · ${last.statusCode ?? 'sem resposta'} · ${last.durationMs} ms · ${formatDateTime(last.attemptedAt)}`
                    : ''}
                </span>
              </div>
              <div className="producer-item-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() =>
                    void act(() => redeliverWebhook(organisationId, delivery.id), 'Reenvio agendado.')
                  }
                >
                  Reenviar
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * "Integrações" on the organisation's page (docs/integrations.md): owners manage API tokens;
 * owners and managers manage webhooks and read their delivery log. Other roles see nothing:
 * the API answers them 403 anyway.
 */
export function OrganisationIntegrations({
  organisationId,
  role,
}: {
  organisationId: number;
  role: OrganisationRole;
}) {
  if (role !== 'owner' && role !== 'manager') return null;
  return (
    <section className="card producer-section" aria-labelledby="producer-integrations-title">
      <h2 id="producer-integrations-title">Integrações</h2>
      <p className="muted">
        Conecte seus sistemas à Plateia: tokens de API leem seus pedidos, e webhooks avisam cada venda,
        reembolso, transferência e entrada na portaria.
      </p>
      {role === 'owner' && <ApiTokens organisationId={organisationId} />}
      <Webhooks organisationId={organisationId} />
    </section>
  );
}
