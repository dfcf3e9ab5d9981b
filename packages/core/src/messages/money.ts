/** pt-BR texts of typed amounts in reais (`rules/money.ts`). */
export const MONEY_MESSAGES = {
  /** Not an amount at all (empty, letters, negative, three decimals). */
  invalid: 'Informe um valor em reais, como 198,50.',
  /** "1.234" or "1,234": a thousands separator or the cents? */
  ambiguous: 'Valor ambíguo: use a vírgula para os centavos, como 1.234,00 ou 1,23.',
  /** Larger than any amount Plateia takes. */
  tooLarge: 'Valor alto demais.',
} as const;
