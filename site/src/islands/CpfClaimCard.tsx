import { useStore } from '@nanostores/react';
import { $authState, $user, claimCpf, fetchMyCpfStanding, showToast } from '@plateia/core';
import { CPF_CLAIM_MESSAGES as M } from '@plateia/core/messages/profile';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { DOCUMENT_ACCEPT, documentFileProblem, readFileAsBase64 } from '../lib/document-file.ts';

/**
 * "Este CPF é meu" on `/settings/perfil` (docs/accounts.md, "One CPF, one account"): the
 * claim of a CPF another account holds, with a document; the claim's status once made; and
 * a notice when the CPF on one's own profile is claimed by someone else.
 */
export default function CpfClaimCard() {
  return (
    <ErrorBoundary>
      <CpfClaim />
    </ErrorBoundary>
  );
}

function CpfClaim() {
  const authState = useStore($authState);
  const user = useStore($user);
  // The server renders nothing; the first client render must match it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState !== 'loggedIn' || !user) return null;
  return <ClaimCard key={user.id} />;
}

type Standing = Awaited<ReturnType<typeof fetchMyCpfStanding>>;

function ClaimCard() {
  const [standing, setStanding] = useState<Standing | null>(null);
  const [cpf, setCpf] = useState('');
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setStanding(await fetchMyCpfStanding());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.loadFailed);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = file ? documentFileProblem(file) : M.documentLabel;
    if (!file || problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await claimCpf({
        cpf,
        note,
        fileName: file.name,
        fileBase64: await readFileAsBase64(file),
      });
      showToast({ kind: 'success', message: answer.message });
      await load();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.failed);
    } finally {
      setBusy(false);
    }
  };

  const open = standing?.claim?.status === 'open';
  return (
    <section className="card sessions-card" aria-labelledby="cpf-claim-title">
      <h2 id="cpf-claim-title">{M.title}</h2>
      {standing?.disputed && (
        <p className="alert alert-error" role="status">
          {M.disputed}
        </p>
      )}
      {standing?.claim && (
        <p className="muted">
          {M.yourClaim(standing.claim.cpf)} <strong>{M.status[standing.claim.status]}</strong>
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {!open && (
        <details>
          <summary>{M.lead}</summary>
          <form className="profile-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
            <div className="field">
              <label htmlFor="cpf-claim-cpf">{M.cpfLabel}</label>
              <input
                id="cpf-claim-cpf"
                className="input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={14}
                required
                value={cpf}
                onChange={(event) => setCpf(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="cpf-claim-file">{M.documentLabel}</label>
              <input
                id="cpf-claim-file"
                type="file"
                accept={DOCUMENT_ACCEPT}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </div>
            <div className="field">
              <label htmlFor="cpf-claim-note">{M.noteLabel}</label>
              <textarea
                id="cpf-claim-note"
                className="input textarea"
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {busy ? M.busy : M.submit}
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
