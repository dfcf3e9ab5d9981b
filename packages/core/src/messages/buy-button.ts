/** pt-BR texts of the `<plateia-buy-button>` element: its states, toast and dialog labels. */

/** pt-BR texts of the buy button ("Esgotado" and the chooser's lot label follow the spec's wording). */
export const BUY_BUTTON_MESSAGES = {
  buy: 'Comprar',
  choose: 'Comprar ingressos',
  chooseSeat: 'Escolher assento',
  loading: 'Carregando…',
  soldOut: 'Esgotado',
  unavailable: 'Indisponível',
  /** A button placed without `event-id`. */
  noEvent: 'Evento não informado',
  past: 'Evento encerrado',
  retry: 'Tentar novamente',
  menu: 'Escolha o ingresso',
  lot: (n: number) => `Lote ${n}`,
  added: (name: string) => `${name} adicionado ao carrinho`,
  seatDialog: 'Escolha seu assento',
  close: 'Fechar',
  /** The meia-entrada choice beside the button (Lei 12.933/2013). */
  meia: 'Meia-entrada',
  /** The details/summary with each category's documents, shown before adding a meia (Lei 13.179/2015). */
  meiaDocuments: 'Quem tem direito e quais documentos',
  /** The button's text with "Meia-entrada" chosen: "Comprar meia-entrada", "Comprar ingressos (meia-entrada)". */
  buyMeia: (text: string) => (text === 'Comprar' ? 'Comprar meia-entrada' : `${text} (meia-entrada)`),
  meiaAdded: (name: string) => `${name} (meia-entrada) adicionado ao carrinho`,
  nextLot: (price: string) => `Próximo lote: ${price}`,
} as const;
