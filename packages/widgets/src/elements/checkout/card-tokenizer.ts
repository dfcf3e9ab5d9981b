/**
 * Loads the card gateway's tokeniser script (docs/payments.md: card data goes only to the
 * gateway, our API receives a single-use token). The script comes from the URL the API
 * host names in `GET /payments/card/config` and defines a global with `tokenize()`.
 */

/** Card data as the gateway's tokeniser takes it. It never leaves the browser for our API. */
export interface CardData {
  number: string;
  holder: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

/** What the tokeniser answers: a single-use token and a description of the card. */
export interface CardToken {
  token: string;
  brand?: string;
  last4?: string;
}

/** The global a tokeniser script defines (`window.PlateiaSandboxCard` in the sandbox). */
export interface CardTokenizer {
  tokenize(card: CardData): Promise<CardToken>;
}

const loads = new Map<string, Promise<CardTokenizer>>();

function tokenizerGlobal(name: string): CardTokenizer | undefined {
  const candidate = (globalThis as Record<string, unknown>)[name] as Partial<CardTokenizer> | undefined;
  return typeof candidate?.tokenize === 'function' ? (candidate as CardTokenizer) : undefined;
}

/**
 * Resolves with the tokeniser named `globalName`, adding `<script src={url}>` to the
 * document head at most once per URL (an inserted script runs async by itself). A load
 * that fails or does not define the global rejects, removes its tag and is forgotten, so
 * the next call tries again.
 */
export function loadCardTokenizer(url: string, globalName: string): Promise<CardTokenizer> {
  const ready = tokenizerGlobal(globalName);
  if (ready) return Promise.resolve(ready);
  let load = loads.get(url);
  if (!load) {
    const script = document.createElement('script');
    script.src = url;
    load = new Promise<CardTokenizer>((resolve, reject) => {
      // Loaded or not, the script is done: its tokeniser is there or it is not. The error
      // names the script; the card form tells the buyer in its own words.
      script.onload = script.onerror = () => {
        const tokenizer = tokenizerGlobal(globalName);
        if (tokenizer) resolve(tokenizer);
        else reject(new Error(url));
      };
    });
    loads.set(url, load);
    load.catch(() => {
      loads.delete(url);
      script.remove();
    });
    document.head.append(script);
  }
  return load;
}

/** Reads "MM/AA" (or "MM/AAAA") into month and four-digit year; `null` when it is not a date. */
export function parseCardExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The card fields as typed: number, name on the card, "MM/AA" and CVV. */
export interface CardFields {
  number: string;
  holder: string;
  expiry: string;
  cvv: string;
}

/**
 * The card inputs, in the checkout's form and in the storefront's card frame: field, label,
 * autocomplete token, input mode and placeholder.
 */
export const CARD_FIELDS = [
  ['number', 'Número do cartão', 'cc-number', 'numeric', undefined],
  ['holder', 'Nome impresso no cartão', 'cc-name', undefined, undefined],
  ['expiry', 'Validade (MM/AA)', 'cc-exp', 'numeric', 'MM/AA'],
  ['cvv', 'CVV', 'cc-csc', 'numeric', undefined],
] as const;

export const EMPTY_CARD_FIELDS: CardFields = { number: '', holder: '', expiry: '', cvv: '' };

/** Shown when a card field is left empty. */
export const CARD_FIELDS_MISSING = 'Preencha os dados do cartão.';
/** Shown when the expiry is not "MM/AA". */
export const CARD_EXPIRY_INVALID = 'Validade inválida. Use MM/AA.';
/** Shown when the gateway's tokeniser or the card configuration cannot be loaded. */
export const CARD_UNAVAILABLE =
  'Não foi possível carregar o pagamento com cartão. Tente novamente ou pague com PIX.';

/**
 * The typed fields as the tokeniser takes them, or the pt-BR reason they do not do (the
 * same checks inline on the storefront and in the Plateia-origin card frame).
 */
export function cardDataFrom(fields: CardFields): { card: CardData } | { error: string } {
  if (Object.values(fields).some((value) => !value.trim())) return { error: CARD_FIELDS_MISSING };
  const date = parseCardExpiry(fields.expiry);
  if (!date) return { error: CARD_EXPIRY_INVALID };
  return { card: { number: fields.number, holder: fields.holder.trim(), cvv: fields.cvv, ...date } };
}
