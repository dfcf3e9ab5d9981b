/**
 * The sandbox's test cards (the API host sends them in its sandbox only), under the card
 * fields of the checkout and of the storefront's card frame.
 */
import type { ReactNode } from 'react';

export function SandboxTestCards({
  cards,
}: {
  cards: readonly { number: string; holder: string; outcome: string }[] | undefined;
}): ReactNode {
  if (!cards?.length) return null;
  return (
    <div className="sandbox" part="test-cards">
      <p>Ambiente de testes: use um destes cartões, com validade futura e qualquer CVV de 3 dígitos.</p>
      <ul>
        {cards.map((test) => (
          // The holder name picks the sandbox outcome: one card for each.
          <li key={test.holder}>
            {test.number} com o nome {test.holder}: {test.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}
