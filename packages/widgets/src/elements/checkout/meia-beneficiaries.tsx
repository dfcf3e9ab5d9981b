/**
 * The checkout's meia-entrada part (docs/meia-entrada.md, docs/widgets-checkout.md): for
 * every ticket of a meia cart line, the category (the event's categories, with the
 * documents the door accepts for the chosen one), the beneficiary's name and document,
 * checked with core's rules before the reservation, which carries them as
 * `startCheckout({ meia })`. Plain React hooks and core stores only (the script-tag build runs
 * them on preact/compat).
 */

import { useStore } from '@nanostores/react';
import type { MeiaBeneficiary, MeiaCategory } from '@plateia/core/contracts/catalogue';
import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import type { EntityId } from '@plateia/core/rules/cart';
import { type CartItem, cartItemKey, ticketUnits } from '@plateia/core/rules/cart';
import { normaliseMeiaDocument } from '@plateia/core/rules/meia-entrada';
import { eventStore } from '@plateia/core/stores/catalogue';
import { type ReactNode, useId, useState } from 'react';

/** What the buyer typed for one meia ticket. */
interface Entry {
  category: string;
  name: string;
  document: string;
}

/**
 * The categories the event accepts, from its answer (core's shared event store): none until
 * it is loaded. Core's federal list is not used as a stand-in, so the light elements' shared
 * chunk does not carry its texts (docs/widgets-checkout.md, sizes).
 */
function useCategories(eventId: EntityId): readonly MeiaCategory[] {
  return useStore(eventStore(eventId)).data?.meiaEntrada?.categories ?? [];
}

/**
 * Why a beneficiary cannot be sent, or `''`: the API host's rules (a category of the event,
 * a name of at least 2 characters, a document of at least 4 letters or digits), in its
 * pt-BR words.
 */
export function beneficiaryError(entry: Entry, categories: readonly MeiaCategory[]): string {
  if (!categories.some((category) => category.id === entry.category)) return MEIA_MESSAGES.unknownCategory;
  if (entry.name.trim().length < 2 || normaliseMeiaDocument(entry.document).length < 4) {
    return MEIA_MESSAGES.beneficiaryIncomplete;
  }
  return '';
}

/** The form state of every meia ticket of the cart, and what the reservation sends. */
export interface MeiaForm {
  /** The fields of a cart line's meia tickets (nothing for a full-price line). */
  fields: (item: CartItem) => ReactNode;
  /**
   * The beneficiaries by cart line key for `startCheckout({ meia })`, or `null` (errors shown
   * beside the fields) when one is missing or wrong, or two meias name one document.
   */
  collect: () => Record<string, MeiaBeneficiary[]> | null;
}

/** The meia-entrada form of the checkout's cart step. */
export function useMeiaForm(cart: readonly CartItem[]): MeiaForm {
  const ids = useId();
  // By `${cartItemKey}#${ticket}`; the first category until one is chosen.
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const eventId = cart[0]?.eventId ?? '';
  const categories = useCategories(eventId);
  const entryOf = (unit: string): Entry =>
    entries[unit] ?? { category: categories[0]?.id ?? '', name: '', document: '' };

  const collect = (): Record<string, MeiaBeneficiary[]> | null => {
    const found: Record<string, string> = {};
    const meia: Record<string, MeiaBeneficiary[]> = {};
    const documents = new Set<string>();
    for (const item of cart) {
      if (!item.meia) continue;
      const key = cartItemKey(item);
      meia[key] = Array.from({ length: ticketUnits(item) }, (_, index) => {
        const unit = `${key}#${index}`;
        const entry = entryOf(unit);
        const document = normaliseMeiaDocument(entry.document);
        const error =
          beneficiaryError(entry, categories) ||
          (documents.has(document) ? MEIA_MESSAGES.duplicateDocument : '');
        documents.add(document);
        if (error) found[unit] = error;
        return { category: entry.category, name: entry.name.trim(), document: entry.document.trim() };
      });
    }
    setErrors(found);
    return Object.keys(found).length > 0 ? null : meia;
  };

  const fields = (item: CartItem): ReactNode => {
    if (!item.meia) return null;
    const key = cartItemKey(item);
    return (
      <fieldset className="meia" part="meia">
        <legend>Meia-entrada: dados de quem vai usar cada ingresso</legend>
        {categories.length === 0 && <p className="hint">Carregando as categorias da meia-entrada…</p>}
        <p className="hint">
          Na entrada, o beneficiário apresenta o documento da categoria escolhida; sem ele, paga a diferença.
        </p>
        {Array.from({ length: ticketUnits(item) }, (_, index) => {
          const unit = `${key}#${index}`;
          const entry = entryOf(unit);
          const id = `${ids}-${unit}`;
          const set = (field: keyof Entry, value: string) =>
            setEntries({ ...entries, [unit]: { ...entry, [field]: value } });
          const documents = categories.find((category) => category.id === entry.category)?.documents ?? [];
          return (
            <div key={unit} className="meia-ticket" part="meia-ticket">
              <div className="field">
                <label htmlFor={`${id}-category`}>Categoria da meia-entrada {index + 1}</label>
                <select
                  id={`${id}-category`}
                  part="input"
                  value={entry.category}
                  onChange={(event) => set('category', event.currentTarget.value)}
                >
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="meia-documents" part="meia-documents">
                <p>Documentos aceitos na entrada:</p>
                <ul>
                  {documents.map((document) => (
                    <li key={document}>{document}</li>
                  ))}
                </ul>
              </div>
              <div className="field">
                <label htmlFor={`${id}-name`}>Nome do beneficiário {index + 1}</label>
                <input
                  id={`${id}-name`}
                  part="input"
                  autoComplete="off"
                  value={entry.name}
                  aria-invalid={!!errors[unit]}
                  aria-describedby={errors[unit] ? `${id}-error` : undefined}
                  onChange={(event) => set('name', event.currentTarget.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-document`}>Número do documento do beneficiário {index + 1}</label>
                <input
                  id={`${id}-document`}
                  part="input"
                  autoComplete="off"
                  value={entry.document}
                  aria-invalid={!!errors[unit]}
                  aria-describedby={errors[unit] ? `${id}-error` : undefined}
                  onChange={(event) => set('document', event.currentTarget.value)}
                />
              </div>
              {errors[unit] && (
                <p id={`${id}-error`} className="field-error">
                  {errors[unit]}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
    );
  };

  return { fields, collect };
}

/** The waiting-room link lives in shared/ (the seat picker shows it too); the checkout imports it from here. */
export { QueueLink, waitingRoomUrl } from '../../shared/waiting-room.tsx';
