import { useStore } from '@nanostores/react';
import { $authState, $user, showToast } from '@plateia/core';
import type { WalletSummary, WalletTopUp } from '@plateia/core/contracts/wallet';
import { formatDateTimeWithSeconds } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import { WALLET_MESSAGES as M, WALLET_KIND_LABELS } from '@plateia/core/messages/wallet';
import {
  $wallet,
  $walletPayCode,
  $walletReturn,
  $walletReturns,
  $walletStatement,
  $walletStatementFilter,
  $walletTopUp,
  filterWalletStatement,
  loadMoreWalletStatement,
  type StatementFilter,
  startWalletTopUp,
} from '@plateia/core/stores/wallet';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';

/**
 * `/cashless` ("Minha Carteira"): the balance, a PIX top-up (QR and copia-e-cola, detected
 * without reloading by polling the top-up), "Devolver saldo", a pay code for the event's
 * point of sale, and the statement by period and kind.
 */
export default function CashlessPage() {
  return (
    <ErrorBoundary>
      <WalletForSession />
    </ErrorBoundary>
  );
}

function WalletForSession() {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState === 'loading') return <div className="card wallet-skeleton" aria-busy="true" />;
  if (authState === 'loggedOut' || !user) {
    return <LoggedOutCard iconPath="M3 6h18v12H3zM3 10h18M16 14h2">{M.loginRequired}</LoggedOutCard>;
  }
  return <Wallet key={user.id} />;
}

function Wallet() {
  const { data: summary, error } = useStore($wallet);
  useEffect(() => {
    if (error) showToast({ kind: 'error', message: error instanceof Error ? error.message : M.loadFailed });
  }, [error]);
  return (
    <div className="wallet">
      <section className="card wallet-balance" aria-labelledby="saldo-title">
        <h2 id="saldo-title">{M.balance}</h2>
        <p className="wallet-amount" data-testid="wallet-balance">
          {summary ? formatCents(summary.balanceCents) : '…'}
        </p>
      </section>
      <TopUp summary={summary ?? null} />
      <ReturnBalance summary={summary ?? null} />
      <PayCode />
      <Statement />
    </div>
  );
}

function TopUp({ summary }: { summary: WalletSummary | null }) {
  const [amount, setAmount] = useState('50,00');
  const topUp = useStore($walletTopUp);
  const [busy, setBusy] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await startWalletTopUp(amount);
    setAmountError(result.ok ? null : result.amountError);
    setBusy(false);
  };

  return (
    <section className="card wallet-section" aria-labelledby="recarga-title">
      <h2 id="recarga-title">{M.topUpTitle}</h2>
      <form className="wallet-topup-form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>{M.topUpAmount}</span>
          <input
            className="input"
            name="amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={amountError !== null}
            aria-describedby={amountError ? 'recarga-erro' : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
        {amountError && (
          <p id="recarga-erro" className="error" role="alert">
            {amountError}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {M.topUpButton}
        </button>
      </form>
      {summary && (
        <p className="muted wallet-hint">
          {formatCents(summary.minTopUpCents)} a {formatCents(summary.maxTopUpCents)} por recarga.
        </p>
      )}
      {topUp && <TopUpCharge topUp={topUp} />}
    </section>
  );
}

function TopUpCharge({ topUp }: { topUp: WalletTopUp }) {
  if (topUp.status === 'credited')
    return (
      <p className="wallet-status wallet-ok" role="status">
        {M.topUpCredited}
      </p>
    );
  if (topUp.status === 'expired')
    return (
      <p className="wallet-status" role="status">
        {M.topUpExpired}
      </p>
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(topUp.brcode);
      showToast({ kind: 'success', message: M.copied });
    } catch {
      // The field stays selectable for copying by hand.
    }
  };
  return (
    <div className="wallet-pix" data-txid={topUp.txid}>
      <p className="wallet-status" role="status">
        {formatCents(topUp.amountCents)} · {M.topUpWaiting}
      </p>
      <div
        className="wallet-qr"
        role="img"
        aria-label="QR Code PIX"
        // The SVG is drawn by our API host from the BR Code; it is not page input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
        dangerouslySetInnerHTML={{ __html: topUp.qrSvg }}
      />
      <div className="wallet-copy">
        <input className="input" readOnly value={topUp.brcode} aria-label="PIX copia e cola" />
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {M.copyCode}
        </button>
      </div>
      {topUp.simulateUrl && (
        <a className="btn btn-ghost" href={topUp.simulateUrl} target="_blank" rel="noreferrer">
          {M.simulate}
        </a>
      )}
    </div>
  );
}

function ReturnBalance({ summary }: { summary: WalletSummary | null }) {
  const returns = useStore($walletReturns).data ?? [];
  const { loading: busy, mutate } = useStore($walletReturn);
  const ask = () => {
    if (globalThis.confirm?.(M.returnConfirm) === false) return;
    void mutate();
  };
  const returnable = summary?.returnableCents ?? 0;
  return (
    <section className="card wallet-section" aria-labelledby="devolver-title">
      <h2 id="devolver-title">{M.returnTitle}</h2>
      <p className="muted">{M.returnLead}</p>
      {summary && returnable === 0 && <p className="muted">{M.returnNothing}</p>}
      <button type="button" className="btn btn-secondary" disabled={busy || returnable === 0} onClick={ask}>
        {M.returnButton}
        {returnable > 0 ? ` (${formatCents(returnable)})` : ''}
      </button>
      {returns.length > 0 && (
        <ul className="wallet-returns">
          {returns.map((entry) => (
            <li key={entry.id}>
              {formatCents(entry.amountCents)} ·{' '}
              {
                {
                  requested: 'em processamento',
                  returned: 'devolvido',
                  failed: 'não realizado (valor de volta ao saldo)',
                }[entry.status]
              }
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayCode() {
  const { data: code, loading, mutate } = useStore($walletPayCode);
  return (
    <section className="card wallet-section" aria-labelledby="pdv-title">
      <h2 id="pdv-title">{M.payCodeTitle}</h2>
      <p className="muted">{M.payCodeLead}</p>
      {code && (
        <div className="wallet-paycode">
          <div
            className="wallet-qr"
            role="img"
            aria-label="QR Code de pagamento"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
            dangerouslySetInnerHTML={{ __html: code.qrSvg }}
          />
          <code>{code.code}</code>
        </div>
      )}
      <button type="button" className="btn btn-secondary" disabled={loading} onClick={() => void mutate()}>
        {M.payCodeButton}
      </button>
    </section>
  );
}

function Statement() {
  const [draft, setDraft] = useState<StatementFilter>(() => $walletStatementFilter.get());
  const { lines, nextBefore: next, loading, error } = useStore($walletStatement);
  useEffect(() => {
    if (error) showToast({ kind: 'error', message: error });
  }, [error]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    filterWalletStatement(draft);
  };
  return (
    <section className="card wallet-section" aria-labelledby="extrato-title">
      <h2 id="extrato-title">{M.statementTitle}</h2>
      <form className="wallet-filters" onSubmit={apply}>
        <label className="field">
          <span>{M.filterFrom}</span>
          <input
            className="input"
            type="date"
            value={draft.from ?? ''}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{M.filterTo}</span>
          <input
            className="input"
            type="date"
            value={draft.to ?? ''}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{M.filterKind}</span>
          <select
            className="input"
            value={draft.kind ?? ''}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
          >
            <option value="">{M.filterAll}</option>
            {Object.entries(WALLET_KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary">
          {M.filterApply}
        </button>
      </form>
      {!loading && lines.length === 0 && <p className="muted">{M.statementEmpty}</p>}
      <ul className="wallet-lines">
        {lines.map((line) => (
          <li key={line.entryId} className="wallet-line" data-kind={line.kind}>
            <span className="wallet-line-kind">{WALLET_KIND_LABELS[line.kind] ?? line.kind}</span>
            <time className="muted" dateTime={line.createdAt}>
              {formatDateTimeWithSeconds(line.createdAt)}
            </time>
            <span className={line.amountCents < 0 ? 'wallet-out' : 'wallet-in'}>
              {line.amountCents < 0 ? '−' : '+'}
              {formatCents(Math.abs(line.amountCents))}
            </span>
          </li>
        ))}
      </ul>
      {next !== null && (
        <button type="button" className="btn btn-ghost" onClick={() => void loadMoreWalletStatement()}>
          {M.loadMore}
        </button>
      )}
    </section>
  );
}
