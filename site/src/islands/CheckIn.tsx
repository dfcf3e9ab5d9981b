import { useStore } from '@nanostores/react';
import {
  $checkIn,
  $checkInHistory,
  $checkInLastScan,
  $checkInRefused,
  $checkInReport,
  $user,
  type CheckInEventSummary,
  type CheckInScanResult,
  type CheckInVault,
  closeCheckIn,
  fetchCheckInEvents,
  forgetCheckInEvent,
  formatCents,
  goOfflineCheckIn,
  indexedDbVaultStorage,
  loadCheckInReport,
  memoryVaultStorage,
  openCheckIn,
  openCheckInVault,
  reconnectCheckIn,
  scanCheckIn,
  syncCheckInManifest,
  upgradeLastMeia,
  uploadCheckInQueue,
} from '@plateia/core';
import { formatDateTimeWithSeconds, formatTimeWithSeconds } from '@plateia/core/format/dates';
import { CHECK_IN_API_MESSAGES, CHECK_IN_PAGE_TEXTS } from '@plateia/core/messages/check-in';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { AccountGate } from '../components/AccountGate.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { keepCheckInPageOffline } from '../lib/check-in-offline.ts';

const T = CHECK_IN_PAGE_TEXTS;

/**
 * The door check-in (`/produtor/check-in` and `/produtor/check-in/{eventId}`), for the
 * event's producer: without `eventId` the producer's events to choose from; with it the
 * scanner (camera and typed codes, decisions online or offline) and the conflict report.
 * The API host decides who is the producer; this page only hides itself from customers.
 */
export default function CheckIn({ eventId }: { eventId?: number }) {
  return (
    <ErrorBoundary>
      <AccountGate reason={T.notLoggedIn}>
        {() =>
          eventId ? (
            <ProducerOnly>
              <Scanner eventId={eventId} />
            </ProducerOnly>
          ) : (
            <ProducerOnly>
              <EventList />
            </ProducerOnly>
          )
        }
      </AccountGate>
    </ErrorBoundary>
  );
}

function ProducerOnly({ children }: { children: ReactNode }) {
  const user = useStore($user);
  if (user?.isadmin !== '1')
    return <p className="card alert alert-error">{CHECK_IN_API_MESSAGES.notProducer}</p>;
  return <>{children}</>;
}

function EventList() {
  const [events, setEvents] = useState<CheckInEventSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchCheckInEvents().then(setEvents, (failure: Error) => setError(failure.message));
  }, []);
  if (error) return <p className="alert alert-error">{error}</p>;
  if (!events) return <div className="card skeleton" aria-busy="true" />;
  if (events.length === 0) return <p className="muted">Você ainda não tem eventos.</p>;
  return (
    <ul className="check-in-events">
      {events.map((event) => (
        <li key={event.id} className="card">
          <a href={`/produtor/check-in/${event.id}`}>{event.name}</a>
          <span className="muted">
            {formatDateTimeWithSeconds(event.startsAt)} · {event.used} de {event.tickets} ingressos lidos
          </span>
        </li>
      ))}
    </ul>
  );
}

async function openVault(): Promise<CheckInVault> {
  try {
    return await openCheckInVault(indexedDbVaultStorage());
  } catch {
    // Private windows may refuse IndexedDB: the scanner still works until the page closes.
    return openCheckInVault(memoryVaultStorage());
  }
}

function Scanner({ eventId }: { eventId: number }) {
  const state = useStore($checkIn);
  const [opened, setOpened] = useState(false);
  const [offlineReady, setOfflineReady] = useState(false);
  useEffect(() => {
    let live = true;
    void keepCheckInPageOffline(window.location.pathname).then((kept) => live && setOfflineReady(kept));
    void openVault()
      .then((vault) => openCheckIn(eventId, { vault, online: navigator.onLine }))
      .then(() => live && setOpened(true));
    const online = () => void reconnectCheckIn();
    const offline = () => goOfflineCheckIn();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      closeCheckIn();
    };
  }, [eventId]);

  return (
    <div
      className="check-in"
      data-ready={opened ? 'true' : 'false'}
      data-offline-ready={offlineReady ? 'true' : 'false'}
    >
      <section className="card check-in-status" aria-label="Situação do leitor">
        <h2>{state.eventName || T.loadingManifest}</h2>
        <p data-testid="check-in-connection" data-online={state.online ? 'true' : 'false'}>
          <span className={state.online ? 'dot dot-on' : 'dot dot-off'} aria-hidden="true" />
          {state.online ? T.online : T.offline}
        </p>
        <dl>
          <dt>Ingressos no aparelho</dt>
          <dd data-testid="check-in-tickets">{state.ticketCount}</dd>
          <dt>Leituras a enviar</dt>
          <dd data-testid="check-in-queued">{state.queued}</dd>
          <dt>Abre sem conexão</dt>
          <dd>{offlineReady ? 'Sim' : 'Ainda não'}</dd>
          <dt>Última sincronização</dt>
          <dd>{formatTimeWithSeconds(state.syncedAt) || '—'}</dd>
        </dl>
        {state.error && <p className="alert alert-error">{state.error}</p>}
        <div className="status-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={state.syncing}
            onClick={() => void syncCheckInManifest()}
          >
            {T.sync}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={state.queued === 0}
            onClick={() => void uploadCheckInQueue()}
          >
            {T.upload}
          </button>
        </div>
      </section>
      <LastScan />
      <ManualEntry disabled={!opened} />
      <Camera disabled={!opened} />
      <History />
      <UploadRefusals />
      <ConflictReport />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          if (window.confirm('Leituras ainda não enviadas serão perdidas. Apagar os dados deste evento?')) {
            void forgetCheckInEvent();
          }
        }}
      >
        {T.forget}
      </button>
    </div>
  );
}

function LastScan() {
  const last = useStore($checkInLastScan);
  if (!last)
    return <section className="card check-in-result" aria-live="polite" data-testid="check-in-result" />;
  return (
    <section
      className={`card check-in-result ${last.admitted ? 'check-in-ok' : 'check-in-refused'}`}
      aria-live="assertive"
      data-testid="check-in-result"
      data-verdict={last.verdict}
    >
      <strong>{last.message}</strong>
      <span className="muted">
        {last.ticketId ? `Ingresso #${last.ticketId} · ` : ''}
        {last.mode === 'online' ? 'decidido pelo servidor' : 'decidido neste aparelho'}
      </span>
      {last.meia && (
        <div className="check-in-meia" data-testid="check-in-meia">
          <strong>{last.meia.notice}</strong>
          <span>
            {last.meia.name} · {last.meia.categoryLabel} · documento {last.meia.document}
          </span>
          {last.meia.differenceCents > 0 && (
            <button type="button" className="btn btn-secondary" onClick={() => void upgradeLastMeia()}>
              Cobrar diferença para inteira ({formatCents(last.meia.differenceCents)})
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function ManualEntry({ disabled }: { disabled: boolean }) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    await scanCheckIn(code);
    setCode('');
  };
  return (
    <form className="card check-in-manual" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor="check-in-code">{T.manualLabel}</label>
        <input
          id="check-in-code"
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder="PLT1.123.1.456789"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {T.manualSubmit}
      </button>
    </form>
  );
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The browser's BarcodeDetector, or the zxing-wasm polyfill with its wasm served by the storefront. */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: new (options: { formats: string[] }) => Detector })
    .BarcodeDetector;
  if (native) return new native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

// The same code held in front of the camera is read many times a second: one scan per 3 s.
const REPEAT_MS = 3_000;

function Camera({ disabled }: { disabled: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    const seen = new Map<string, number>();
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const element = video.current;
        if (!element || stopped) return;
        element.srcObject = stream;
        await element.play();
        const detector = await qrDetector();
        while (!stopped) {
          const found = await detector.detect(element).catch(() => []);
          for (const { rawValue } of found) {
            const now = Date.now();
            if ((seen.get(rawValue) ?? 0) + REPEAT_MS > now) continue;
            seen.set(rawValue, now);
            await scanCheckIn(rawValue);
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } catch {
        setProblem(T.cameraUnavailable);
        setRunning(false);
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running]);
  return (
    <section className="card check-in-camera">
      {running && <video ref={video} muted playsInline aria-label="Imagem da câmera" />}
      {problem && <p className="muted">{problem}</p>}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled}
        onClick={() => setRunning(!running)}
      >
        {running ? T.cameraStop : T.cameraStart}
      </button>
    </section>
  );
}

function describe(scan: CheckInScanResult): string {
  return `${formatTimeWithSeconds(scan.at)} · ${scan.ticketId ? `#${scan.ticketId} · ` : ''}${scan.message}`;
}

function History() {
  const history = useStore($checkInHistory);
  if (history.length === 0) return null;
  return (
    <section className="card">
      <h2>Leituras recentes</h2>
      <ol className="check-in-history">
        {history.map((scan) => (
          <li key={scan.nonce} className={scan.admitted ? 'ok' : 'refused'}>
            {describe(scan)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Admissions made offline that the server did not count (no valid code, doors closed). */
function UploadRefusals() {
  const refused = useStore($checkInRefused);
  if (refused.length === 0) return null;
  return (
    <section className="card" data-testid="check-in-refused">
      <h2>{T.uploadRefused}</h2>
      <ul>
        {refused.map((refusal) => (
          <li key={refusal.nonce} className="refused" data-ticket-id={refusal.ticketId ?? undefined}>
            {refusal.ticketId ? `#${refusal.ticketId} · ` : ''}
            {refusal.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConflictReport() {
  const report = useStore($checkInReport);
  const state = useStore($checkIn);
  return (
    <section className="card check-in-report" data-testid="check-in-report">
      <h2>{T.conflicts}</h2>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!state.online}
        onClick={() => void loadCheckInReport()}
      >
        Atualizar relatório
      </button>
      {report && report.conflicts.length === 0 && <p className="muted">{T.noConflicts}</p>}
      {report && (
        <p className="muted">
          {report.admittedTickets} ingressos liberados; {report.totals.admitted ?? 0} entradas registradas.
        </p>
      )}
      <ul>
        {report?.conflicts.map((conflict) => (
          <li key={conflict.ticketId} data-ticket-id={conflict.ticketId}>
            <strong>
              Ingresso #{conflict.ticketId}
              {conflict.ticketType ? ` · ${conflict.ticketType}` : ''}
            </strong>{' '}
            {conflict.holderEmail && <span className="muted">{conflict.holderEmail}</span>}
            <ul>
              {conflict.scans.map((scan) => (
                <li key={`${scan.deviceId}-${scan.scannedAt}`}>
                  {formatTimeWithSeconds(scan.scannedAt)} · {scan.mode === 'online' ? 'online' : 'offline'} ·
                  aparelho {scan.deviceId}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {report && report.staleAdmissions.length > 0 && (
        <>
          <h3>{T.staleAdmissions}</h3>
          <ul data-testid="check-in-stale">
            {report.staleAdmissions.map((stale) => (
              <li
                key={`${stale.ticketId}-${stale.deviceId}-${stale.scannedAt}`}
                data-ticket-id={stale.ticketId}
              >
                Ingresso #{stale.ticketId} · código da versão {stale.scannedVersion} (atual{' '}
                {stale.currentVersion}) · {formatTimeWithSeconds(stale.scannedAt)} · aparelho {stale.deviceId}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
