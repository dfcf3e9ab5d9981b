/**
 * The footer's ten frequently asked questions (docs/site.md), answered only with the product
 * facts and the account rules the docs state (docs/tickets.md, docs/accounts.md).
 */
export interface FaqEntry {
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
}

/** The FAQ entries in the spec's order. */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    question: 'Fiz meu cadastro, mas não consigo fazer login. O que faço?',
    answer: [
      'Depois do cadastro, enviamos um link de confirmação para o seu e-mail. Sua conta só é liberada depois que você clica nesse link: antes disso, o login mostra a mensagem "Valide sua conta pelo link enviado em seu email, antes de fazer login."',
      'Se o link já foi usado e o login continua falhando, confira se o e-mail está escrito corretamente ou use "Esqueceu sua senha?" para criar uma nova senha.',
    ],
  },
  {
    question: 'Não recebi o e-mail de verificação.',
    answer: [
      'O e-mail pode levar alguns minutos para chegar. Procure também nas pastas de spam, lixo eletrônico e promoções, buscando por "Plateia".',
      'Se ele não aparecer, confira se o endereço informado no cadastro está correto. Quando não for possível receber o e-mail, nossa equipe pode validar sua conta manualmente pelo suporte.',
    ],
  },
  {
    question: 'Como funciona a validação manual da conta pelo suporte?',
    answer: [
      'Clique em "ABRIR SUPORTE", informe o e-mail usado no cadastro e conte que não conseguiu confirmar a conta. Nossa equipe confere seus dados e libera o acesso manualmente, avisando você pelo próprio suporte.',
    ],
  },
  {
    question: 'Comprei, mas meus ingressos não chegaram no meu e-mail.',
    answer: [
      'Os ingressos nunca são enviados por e-mail: eles ficam guardados somente na sua conta, com segurança. Para vê-los, faça login e acesse "Meus Ingressos".',
    ],
  },
  {
    question: 'Recebi menos ingressos do que comprei.',
    answer: [
      'Quando, na compra, você informa o e-mail de outra pessoa para um ingresso, ele é transferido automaticamente para a conta desse e-mail. Por isso esses ingressos aparecem em "Meus Ingressos" da outra pessoa, e não no seu.',
      'Se a pessoa ainda não tem conta, basta ela se cadastrar com o mesmo e-mail para encontrar o ingresso.',
    ],
  },
  {
    question: 'Como transfiro um ingresso para outra pessoa?',
    answer: [
      'Em "Meus Ingressos", escolha o ingresso, toque em "Transferir", informe o e-mail de quem vai recebê-lo e confirme. A pessoa recebe um aviso por e-mail (o ingresso em si nunca vai por e-mail).',
      'Se ela já tem conta com esse e-mail, aceita a transferência em "Meus Ingressos". Se ainda não tem, basta se cadastrar com o mesmo e-mail e confirmá-lo: o ingresso entra na conta sozinho. Até o aceite, o ingresso continua com você, e seu QR Code continua valendo; depois do aceite, o QR Code passa a ser o da outra pessoa e o seu deixa de valer.',
      'Não é possível transferir ingressos já utilizados, cancelados ou anunciados para revenda, nem depois do início do evento.',
    ],
  },
  {
    question: 'Transferi um ingresso para o e-mail errado. Consigo recuperar?',
    answer: [
      'Sim, enquanto a pessoa não tiver aceitado: em "Meus Ingressos", o ingresso aparece como "Transferência pendente" com o botão "Cancelar transferência". Ao cancelar, ele volta a ser só seu, com o mesmo QR Code.',
      'Se a transferência já foi aceita, o ingresso passou para a outra conta. Abra um pedido em "ABRIR SUPORTE" informando o ingresso e o e-mail digitado por engano, e nossa equipe orienta você. Antes de confirmar uma transferência, sempre confira o e-mail de destino.',
    ],
  },
  {
    question: 'Posso imprimir meu ingresso ou tirar um print?',
    answer: [
      'Não recomendamos. O QR Code do ingresso muda a cada 15 segundos, então uma impressão ou captura de tela deixa de valer em instantes e não é aceita na entrada. Apresente o ingresso direto em "Meus Ingressos", no seu celular.',
      'Sem internet na porta do evento? Abra "Meus Ingressos" uma vez com conexão antes de sair: depois disso o QR Code funciona neste aparelho mesmo offline, enquanto você estiver conectado à sua conta.',
    ],
  },
  {
    question: 'Como funciona o reembolso?',
    answer: [
      'Você pode pedir reembolso em até 7 dias após a compra, desde que faltem mais de 48 horas para o evento. Se o evento for cancelado ou alterado, o reembolso também pode ser solicitado.',
      'Para pedir, use "Solicitar reembolso" no ingresso, em "Meus Ingressos": a regra e o valor aparecem antes de você confirmar. A taxa de serviço também é devolvida, pelo mesmo meio do pagamento (PIX para a conta que pagou ou estorno no cartão). Se o produtor cancelar o evento, o reembolso é automático. Os detalhes estão na nossa Política de compras.',
    ],
  },
  {
    question: 'Quais são as formas de pagamento?',
    answer: ['Aceitamos cartão de crédito e PIX.'],
  },
];
