import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import { fetchOrigins, ORGANISATION_CALL_FAILED, saveOrigins } from '@plateia/core/api/organisations';
import { ORGANISATION_MESSAGES, type OrganisationRole } from '@plateia/core/messages/organisations';
import { type FormEvent, useEffect, useState } from 'react';
import { controlsFor } from '../../lib/producer-area.ts';

/**
 * "Sites da organização": the addresses where the organisation embeds Plateia's buy button,
 * checkout and seat picker (docs/producers.md, "Embedding"). Every member sees them; owners
 * edit them, one per line, and the API host checks each one.
 */
export function OrganisationSites({
  organisationId,
  role,
}: {
  organisationId: number;
  role: OrganisationRole;
}) {
  const editable = controlsFor(role).editOrganisation;
  const [origins, setOrigins] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchOrigins(organisationId).then(
      (list) => {
        setOrigins(list);
        setDraft(list.join('\n'));
      },
      () => setOrigins([]),
    );
  }, [organisationId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const lines = draft
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const saved = await saveOrigins(organisationId, lines);
      setOrigins(saved);
      setDraft(saved.join('\n'));
      showToast({ kind: 'success', message: ORGANISATION_MESSAGES.originsSaved });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : ORGANISATION_CALL_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card producer-section" aria-labelledby="producer-sites-title">
      <h2 id="producer-sites-title">Sites da organização</h2>
      <p className="muted">
        Os endereços onde você coloca o botão de compra, o checkout e o mapa de assentos da Plateia. Só esses
        sites podem vender com a sua conta de produtor.
      </p>
      {origins === null ? (
        <p className="muted">Carregando…</p>
      ) : editable ? (
        <form className="producer-form" onSubmit={(event) => void save(event)} noValidate>
          <div className="field">
            <label htmlFor="producer-sites">Um endereço por linha, como https://www.seusite.com.br</label>
            <textarea
              id="producer-sites"
              className="input"
              rows={4}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'producer-sites-error' : undefined}
            />
            {error && (
              <span className="error" id="producer-sites-error" role="alert">
                {error}
              </span>
            )}
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Salvando…' : 'Salvar sites'}
            </button>
          </div>
        </form>
      ) : origins.length === 0 ? (
        <p className="muted">Nenhum site cadastrado.</p>
      ) : (
        <ul className="producer-sites">
          {origins.map((origin) => (
            <li key={origin}>{origin}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
