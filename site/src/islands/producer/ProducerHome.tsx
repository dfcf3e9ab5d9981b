import { showToast } from '@plateia/core';
import {
  createOrganisation,
  fetchMyOrganisations,
  type Organisation,
  type OrganisationInput,
} from '@plateia/core/api/organisations';
import { useCallback, useEffect, useState } from 'react';
import { AccountGate } from '../../components/AccountGate.tsx';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { controlsFor, organisationPath, roleLabel } from '../../lib/producer-area.ts';
import { OrganisationForm } from './OrganisationForm.tsx';

/** `/produtor`: the account's organisations with its role in each, and "Criar organização". */
export default function ProducerHome() {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login para acessar a Área do Produtor.">{() => <Home />}</AccountGate>
    </ErrorBoundary>
  );
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'done'; organisations: Organisation[] };

function Home() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const read = useCallback(() => {
    fetchMyOrganisations().then(
      (organisations) => setLoad({ state: 'done', organisations }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(read, [read]);

  async function create(input: OrganisationInput) {
    const created = await createOrganisation(input);
    showToast({ kind: 'success', message: `Organização "${created.name}" criada.` });
    read();
  }

  if (load.state === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (load.state === 'error') return <ErrorCard onRetry={read} />;
  return (
    <div className="producer">
      <section className="producer-section" aria-labelledby="producer-orgs-title">
        <h2 id="producer-orgs-title">Minhas organizações</h2>
        {load.organisations.length === 0 ? (
          <div className="card status-card">
            <p>
              Você ainda não faz parte de nenhuma organização. Crie a sua abaixo ou peça a quem organiza o
              evento um convite para a equipe.
            </p>
          </div>
        ) : (
          <ul className="producer-list">
            {load.organisations.map((organisation) => (
              <li key={organisation.id} className="producer-item">
                <a className="producer-item-main" href={organisationPath(organisation.id)}>
                  <strong>{organisation.name}</strong>
                  <span className="producer-role" data-role={organisation.role}>
                    {roleLabel(organisation.role)}
                  </span>
                </a>
                {controlsFor(organisation.role).door && (
                  <a className="btn btn-secondary btn-sm" href="/produtor/check-in">
                    Check-in na portaria
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <OrganisationForm
        title="Criar organização"
        submitLabel="Criar organização"
        onSubmit={create}
        resetOnSuccess
      />
    </div>
  );
}
