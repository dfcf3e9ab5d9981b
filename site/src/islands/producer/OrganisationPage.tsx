import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import {
  changeMemberRole,
  fetchInvitations,
  fetchMembers,
  fetchOrganisation,
  inviteMember,
  ORGANISATION_CALL_FAILED,
  type Organisation,
  type OrganisationInput,
  type OrganisationInvitation,
  type OrganisationMember,
  removeMember,
  revokeInvitation,
  updateOrganisation,
} from '@plateia/core/api/organisations';
import { formatDateTime } from '@plateia/core/format/dates';
import type { OrganisationRole } from '@plateia/core/messages/organisations';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AccountGate } from '../../components/AccountGate.tsx';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { FormField } from '../../components/FormField.tsx';
import { assignableRoles, canManageMember, controlsFor, roleLabel } from '../../lib/producer-area.ts';
import { OrganisationEvents } from './OrganisationEvents.tsx';
import { OrganisationForm } from './OrganisationForm.tsx';
import { OrganisationIntegrations } from './OrganisationIntegrations.tsx';
import { OrganisationSites } from './OrganisationSites.tsx';

/** `/produtor/organizacoes/{id}`: an organisation's data, its events, its team and open invitations. */
export default function OrganisationPage({ organisationId }: { organisationId: number }) {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login para acessar a Área do Produtor.">
        {(userId) => <OrganisationView organisationId={organisationId} userId={userId} />}
      </AccountGate>
    </ErrorBoundary>
  );
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : ORGANISATION_CALL_FAILED);

/** Runs an action, showing the API's message as a toast on a refusal; true when it went through. */
async function attempt(action: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await action();
    if (success) showToast({ kind: 'success', message: success });
    return true;
  } catch (error) {
    showToast({ kind: 'error', message: messageOf(error) });
    return false;
  }
}

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'refused'; message: string }
  | {
      state: 'done';
      organisation: Organisation;
      members: OrganisationMember[];
      invitations: OrganisationInvitation[];
    };

function OrganisationView({ organisationId, userId }: { organisationId: number; userId: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const read = useCallback(async () => {
    try {
      const organisation = await fetchOrganisation(organisationId);
      // The team and its invitations are for owners and managers; the API refuses others.
      const team = controlsFor(organisation.role).manageTeam;
      const [members, invitations] = team
        ? await Promise.all([fetchMembers(organisationId), fetchInvitations(organisationId)])
        : [[], []];
      setLoad({ state: 'done', organisation, members, invitations });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        setLoad({ state: 'refused', message: error.message });
      } else {
        setLoad({ state: 'error' });
      }
    }
  }, [organisationId]);
  useEffect(() => {
    void read();
  }, [read]);

  if (load.state === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (load.state === 'error') return <ErrorCard onRetry={() => void read()} />;
  if (load.state === 'refused') {
    return (
      <div className="card status-card" role="alert">
        <h2>{load.message}</h2>
        <a className="btn btn-secondary" href="/produtor">
          Voltar para minhas organizações
        </a>
      </div>
    );
  }
  const { organisation, members, invitations } = load;
  const controls = controlsFor(organisation.role);

  async function save(input: OrganisationInput) {
    await updateOrganisation(organisationId, input);
    showToast({ kind: 'success', message: 'Dados da organização salvos.' });
    await read();
  }

  async function leave() {
    if (!window.confirm(`Sair da organização ${organisation.name}?`)) return;
    if (await attempt(() => removeMember(organisationId, userId), 'Você saiu da organização.')) {
      window.location.assign('/produtor');
    }
  }

  return (
    <div className="producer">
      <header className="producer-head">
        <a href="/produtor" className="muted">
          ← Minhas organizações
        </a>
        <h1 className="page-title">{organisation.name}</h1>
        <p>
          Seu papel:{' '}
          <span className="producer-role" data-role={organisation.role} data-testid="organisation-role">
            {roleLabel(organisation.role)}
          </span>
        </p>
        {controls.door && (
          <div>
            <a className="btn btn-secondary btn-sm" href="/produtor/check-in">
              Check-in na portaria
            </a>
          </div>
        )}
      </header>

      {controls.editOrganisation ? (
        <OrganisationForm
          title="Dados da organização"
          submitLabel="Salvar alterações"
          initial={{
            name: organisation.name,
            document: organisation.document ?? '',
            contactEmail: organisation.contactEmail,
            contactPhone: organisation.contactPhone,
          }}
          onSubmit={save}
        />
      ) : (
        <section className="card producer-section" aria-labelledby="producer-data-title">
          <h2 id="producer-data-title">Dados da organização</h2>
          <dl className="producer-data">
            <dt>CPF ou CNPJ</dt>
            <dd>{organisation.document ?? 'Não informado'}</dd>
            <dt>E-mail de contato</dt>
            <dd>{organisation.contactEmail}</dd>
            <dt>Telefone</dt>
            <dd>{organisation.contactPhone}</dd>
          </dl>
        </section>
      )}

      <OrganisationEvents organisationId={organisationId} role={organisation.role} />

      <OrganisationSites organisationId={organisationId} role={organisation.role} />
      <OrganisationIntegrations organisationId={organisationId} role={organisation.role} />

      {controls.manageTeam && (
        <Team
          organisationId={organisationId}
          actor={organisation.role}
          userId={userId}
          members={members}
          invitations={invitations}
          onChanged={read}
        />
      )}

      <section className="card producer-section" aria-labelledby="producer-leave-title">
        <h2 id="producer-leave-title">Sair da organização</h2>
        <p className="muted">
          Você deixa de ver e operar os eventos desta organização. Para voltar, será preciso um novo convite.
        </p>
        <div>
          <button type="button" className="btn btn-danger" onClick={() => void leave()}>
            Sair da organização
          </button>
        </div>
      </section>
    </div>
  );
}

interface TeamProps {
  organisationId: number;
  actor: OrganisationRole;
  userId: number;
  members: OrganisationMember[];
  invitations: OrganisationInvitation[];
  onChanged: () => Promise<void>;
}

function Team({ organisationId, actor, userId, members, invitations, onChanged }: TeamProps) {
  const roles = assignableRoles(actor);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>(roles.includes('viewer') ? 'viewer' : roles[0]!);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setEmailError(null);
    try {
      const answer = await inviteMember(organisationId, email.trim(), role);
      showToast({ kind: 'success', message: answer.message });
      setEmail('');
      await onChanged();
    } catch (error) {
      const message = messageOf(error);
      // A 400 is about the address; anything else (limits, already in the team) is a toast.
      if (error instanceof ApiError && error.status === 400) setEmailError(message);
      else showToast({ kind: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  async function change(member: OrganisationMember, next: OrganisationRole) {
    await attempt(() => changeMemberRole(organisationId, member.customerId, next), 'Papel alterado.');
    await onChanged();
  }

  async function remove(member: OrganisationMember) {
    if (!window.confirm(`Remover ${member.name} da equipe?`)) return;
    if (await attempt(() => removeMember(organisationId, member.customerId), 'Membro removido.')) {
      await onChanged();
    }
  }

  async function cancel(invitation: OrganisationInvitation) {
    if (await attempt(() => revokeInvitation(organisationId, invitation.id), 'Convite cancelado.')) {
      await onChanged();
    }
  }

  return (
    <>
      <section className="card producer-section" aria-labelledby="producer-team-title">
        <h2 id="producer-team-title">Equipe</h2>
        <ul className="producer-list">
          {members.map((member) => {
            const self = member.customerId === userId;
            const editable = !self && canManageMember(actor, member.role);
            return (
              <li key={member.customerId} className="producer-item" data-testid="team-member">
                <span className="producer-item-main">
                  <strong>
                    {member.name}
                    {self ? ' (você)' : ''}
                  </strong>
                  <span className="muted">{member.email}</span>
                </span>
                {editable ? (
                  <span className="producer-item-actions">
                    <select
                      className="input"
                      aria-label={`Papel de ${member.name}`}
                      value={member.role}
                      onChange={(e) => void change(member, e.target.value as OrganisationRole)}
                    >
                      {roles.map((option) => (
                        <option key={option} value={option}>
                          {roleLabel(option)}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => void remove(member)}
                    >
                      Remover
                    </button>
                  </span>
                ) : (
                  <span className="producer-role" data-role={member.role}>
                    {roleLabel(member.role)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card producer-section" aria-labelledby="producer-invitations-title">
        <h2 id="producer-invitations-title">Convites</h2>
        {invitations.length === 0 ? (
          <p className="muted">Nenhum convite em aberto.</p>
        ) : (
          <ul className="producer-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="producer-item" data-testid="team-invitation">
                <span className="producer-item-main">
                  <strong>{invitation.email}</strong>
                  <span className="muted">
                    {roleLabel(invitation.role)} · vale até {formatDateTime(invitation.expiresAt)}
                  </span>
                </span>
                {canManageMember(actor, invitation.role) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => void cancel(invitation)}
                  >
                    Cancelar convite
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <form className="producer-invite" noValidate onSubmit={invite} aria-busy={busy}>
          <FormField
            label="E-mail da pessoa"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailError}
          />
          <div className="field">
            <label htmlFor="producer-invite-role">Papel</label>
            <select
              id="producer-invite-role"
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as OrganisationRole)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy || !email.trim()}>
              Convidar
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
