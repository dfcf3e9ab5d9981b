/**
 * Meia-entrada (Lei 12.933/2013, Decreto 8.537/2015, Lei 13.179/2015): the federal
 * categories with the documents accepted at the door, the half price, how a beneficiary's
 * document number is compared, and the counter the decree asks to show "em local visível".
 * Shared by the API host (which enforces them) and the clients (which show them before
 * buying). Decisions: docs/meia-entrada.md.
 */
import type { MeiaCategory } from '../contracts/catalogue.ts';
import type { CheckInManifestMeia, CheckInMeia } from '../contracts/check-in.ts';

/** The least share of an event's tickets offered at half price: 40% (Decreto 8.537 art. 9). */
export const MEIA_MIN_PERCENT_BPS = 4000;

/** The federal categories (every event accepts them), in the order the buyer sees them. */
export const MEIA_FEDERAL_CATEGORIES: readonly MeiaCategory[] = [
  {
    id: 'estudante',
    label: 'Estudante',
    documents: [
      'Carteira de Identificação Estudantil (CIE) válida, no modelo nacional, emitida por ANPG, UNE, UBES ou entidades estaduais e municipais filiadas',
      'Documento de identidade oficial com foto',
    ],
  },
  {
    id: 'pcd',
    label: 'Pessoa com deficiência',
    documents: [
      'Cartão de Benefício de Prestação Continuada da Assistência Social (BPC)',
      'ou documento emitido pelo INSS que ateste a aposentadoria da pessoa com deficiência (Lei Complementar 142/2013)',
      'Documento de identidade oficial com foto',
    ],
  },
  {
    id: 'pcd-acompanhante',
    label: 'Acompanhante de pessoa com deficiência',
    documents: [
      'Um acompanhante por pessoa com deficiência, quando ela precisar de acompanhamento',
      'Apresentar junto com a pessoa com deficiência o documento dela e o seu documento de identidade com foto',
    ],
  },
  {
    id: 'jovem-baixa-renda',
    label: 'Jovem de baixa renda (15 a 29 anos)',
    documents: [
      'Identidade Jovem (ID Jovem) válida, emitida pela Secretaria Nacional de Juventude',
      'Documento de identidade oficial com foto',
    ],
  },
  {
    id: 'idoso',
    label: 'Pessoa idosa (60 anos ou mais)',
    documents: ['Documento de identidade oficial com foto que comprove a idade (Lei 10.741/2003)'],
  },
];

/**
 * The half price of a lot: half its price in cents, rounded down, so the beneficiary never
 * pays more than half (R$ 100,01 gives R$ 50,00).
 */
export function meiaPriceCents(fullPriceCents: number): number {
  return Math.floor(fullPriceCents / 2);
}

/**
 * A document number as it is compared for "one beneficiary per event": letters and digits
 * only, upper case ("123.456.789-00" and "12345678900" are the same document).
 */
export function normaliseMeiaDocument(document: string): string {
  return document.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** The counter of the decree: "Restam 312 de 800 meias-entradas". */
export function meiaCounterLabel(available: number, total: number): string {
  if (total <= 0) return 'Este evento não oferece meias-entradas.';
  if (available <= 0) return `Meias-entradas esgotadas (${total} no total)`;
  const noun = total === 1 ? 'meia-entrada' : 'meias-entradas';
  return `${available === 1 ? 'Resta' : 'Restam'} ${available} de ${total} ${noun}`;
}

/** What the door scanner shows for a meia ticket: the staff checks the document. */
export const MEIA_DOOR_NOTICE = 'MEIA — conferir documento';

/** The categories an event accepts: the federal ones, then its state categories. */
export function meiaCategoriesOf(stateCategories: readonly MeiaCategory[]): MeiaCategory[] {
  return [...MEIA_FEDERAL_CATEGORIES, ...stateCategories];
}

/** The door's view of a manifest meia (offline scans): the notice and the category's documents. */
export function manifestMeia(meia: CheckInManifestMeia | undefined): CheckInMeia | null {
  if (!meia) return null;
  const [category, categoryLabel, name, document, differenceCents] = meia;
  const documents = MEIA_FEDERAL_CATEGORIES.find((entry) => entry.id === category)?.documents ?? [];
  return { notice: MEIA_DOOR_NOTICE, category, categoryLabel, name, document, documents, differenceCents };
}
