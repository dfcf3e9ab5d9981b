/**
 * The sandbox's charge page (`GET /sandbox/cob/{txid}`): amount, QR, copia-e-cola, the
 * "Simular pagamento" button and, once paid, the PIX's devoluções with their controls.
 */
import { formatCents } from '@plateia/core/format/money';
import { escapeHtml } from '../../mail/templates.ts';
import { brCodeSvg } from '../../payments/pix/brcode.ts';
import {
  type CobStatus,
  centsToValor,
  type DevolucaoStatus,
  valorToCents,
} from '../../payments/pix/provider.ts';
import { type StoredCob, type StoredPix, sumCents } from './state.ts';

export const devolucaoLabels: Record<DevolucaoStatus, string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  DEVOLVIDO: 'Devolvido',
  NAO_REALIZADO: 'Não realizado',
};

const statusLabels: Record<CobStatus, string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Pagamento confirmado',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Cobrança cancelada pelo recebedor',
  REMOVIDA_PELO_PSP: 'Cobrança removida pelo PSP',
};

/** An API Pix valor ("1234.56") as people read it ("R$ 1.234,56"). */
function formatValor(valor: string): string {
  return formatCents(valorToCents(valor) ?? 0);
}

/** The paid PIX's devoluções on the charge page: amounts, states and the sandbox's controls. */
function devolucoesSection(stored: StoredPix | undefined): string {
  if (!stored) return '';
  const e2eid = escapeHtml(stored.pix.endToEndId);
  const returned = sumCents(stored.pix.devolucoes, 'DEVOLVIDO');
  const rows = stored.pix.devolucoes
    .map((dev) => {
      const controls =
        dev.status === 'EM_PROCESSAMENTO'
          ? `<form method="post" action="/sandbox/pix/${e2eid}/devolucao/${escapeHtml(dev.id)}/devolver"><button type="submit">Concluir devolução</button></form>
<form method="post" action="/sandbox/pix/${e2eid}/devolucao/${escapeHtml(dev.id)}/recusar"><button type="submit" class="secondary">Recusar devolução</button></form>`
          : '';
      return `<li data-devolucao="${escapeHtml(dev.id)}" data-status="${dev.status}"><strong>${formatValor(dev.valor)}</strong> · ${devolucaoLabels[dev.status]}${dev.motivo ? ` · ${escapeHtml(dev.motivo)}` : ''}${controls}</li>`;
    })
    .join('');
  return `<section aria-label="Devoluções"><h2>Devoluções</h2>
<p id="devolvido">Devolvido ao pagador: ${formatValor(centsToValor(returned))} de ${formatValor(stored.pix.valor)}</p>
${rows ? `<ul>${rows}</ul>` : '<p class="status">Nenhuma devolução pedida.</p>'}
<form method="post" action="/sandbox/pix/${e2eid}/recusar-proxima"><button type="submit" class="secondary"${stored.failNext ? ' disabled' : ''}>${stored.failNext ? 'A próxima devolução será recusada' : 'Recusar a próxima devolução'}</button></form>
</section>`;
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#0f1115;color:#e8eaf0;display:grid;place-items:center;min-height:100vh}
main{background:#181b22;border:1px solid #2a2f3a;border-radius:12px;padding:24px;max-width:420px;width:100%}
h1{font-size:1.1rem;margin:0 0 8px}.amount{font-size:2rem;font-weight:700;margin:8px 0}
.status{color:#9aa3b5}.qr{background:#fff;border-radius:8px;padding:8px;width:200px;margin:16px auto}
code{display:block;word-break:break-all;font-size:.75rem;background:#0f1115;padding:8px;border-radius:6px}
button{width:100%;padding:12px;margin-top:16px;border:0;border-radius:8px;background:#32bcad;color:#0f1115;font-weight:700;font-size:1rem;cursor:pointer}
button:disabled{background:#2a2f3a;color:#9aa3b5;cursor:not-allowed}.note{color:#f5c26b;font-size:.85rem}
button.secondary{background:#2a2f3a;color:#e8eaf0}h2{font-size:1rem;margin:20px 0 4px}ul{padding-left:18px}li{margin:8px 0}`;

/** The charge page; `message` is the outcome of the last action taken on it. */
export function chargePage(
  cob: StoredCob,
  expired: boolean,
  message: string | undefined,
  paid?: StoredPix,
): string {
  const payable = cob.status === 'ATIVA' && !expired;
  const status = cob.status === 'ATIVA' && expired ? 'Cobrança expirada' : statusLabels[cob.status];
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PSP sandbox · PIX ${escapeHtml(cob.txid)}</title>
<style>
${STYLE}
</style></head><body><main>
<h1>PSP sandbox: cobrança PIX</h1>
<p class="note">Ambiente de testes: nenhum dinheiro é movimentado.</p>
<div class="amount">${formatValor(cob.valor.original)}</div>
<p class="status" id="status">${escapeHtml(status)}</p>
${message ? `<p class="note" role="status">${escapeHtml(message)}</p>` : ''}
<div class="qr">${brCodeSvg(cob.pixCopiaECola)}</div>
<code>${escapeHtml(cob.pixCopiaECola)}</code>
<form method="post" action="/sandbox/cob/${escapeHtml(cob.txid)}/pagar">
<button type="submit"${payable ? '' : ' disabled'}>Simular pagamento</button>
</form>${devolucoesSection(paid)}</main></body></html>`;
}
