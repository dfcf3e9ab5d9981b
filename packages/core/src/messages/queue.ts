/** pt-BR texts of the virtual queue: the API host's answers and the waiting room's labels. */

/** The API host's refusals and answers about the queue. */
export const QUEUE_MESSAGES = {
  noQueue: 'Este evento não tem fila virtual.',
  notOpen: 'A sala de espera deste evento ainda não abriu.',
  cpfRequired: 'Para entrar na fila, cadastre seu CPF em Minha Conta.',
  cpfTaken: 'Este CPF já está na fila deste evento com outra conta.',
  cpfDisputed:
    'O CPF da sua conta está em análise pela nossa equipe (outra pessoa disse que ele é dela) e não vale para a fila até a conclusão. Se ele é seu, envie um documento pelo suporte.',
  emailUnverified: 'Para entrar na fila, confirme seu e-mail pelo link que enviamos.',
  passRequired: 'Este evento tem fila virtual: entre na fila para comprar.',
  passInvalid: 'Sua vez na fila não vale para esta compra. Entre na fila deste evento.',
  passExpired: 'Seu tempo para comprar acabou. Entre na fila de novo.',
  eventNotFound: 'Evento não encontrado.',
  loadFailed: 'Não foi possível carregar a fila. Tente novamente.',
} as const;

/** Labels of the waiting room and the verification page. */
export const QUEUE_LABELS = {
  title: 'Sala de espera',
  join: 'Entrar na fila',
  joining: 'Entrando…',
  opensAt: 'A sala de espera abre em',
  saleStartsAt: 'As vendas começam em',
  preQueue:
    'Você está na pré-fila. Na abertura das vendas, todos que chegaram antes recebem um lugar por sorteio.',
  place: 'Seu lugar na fila',
  ahead: 'Pessoas à sua frente',
  wait: 'Espera estimada',
  admitted: 'É a sua vez! Você tem 10 minutos para comprar.',
  buy: 'Comprar ingressos',
  expired: 'Seu tempo para comprar acabou.',
  rejoin: 'Entrar na fila de novo',
  login: 'Entre na sua conta para entrar na fila.',
  commitment: 'Compromisso do sorteio (sha256 da semente)',
  seed: 'Semente revelada',
  seedHidden: 'A semente é revelada quando a pré-fila recebe seus lugares.',
  verify: 'Verificar sorteio',
  verifyTitle: 'Verificação do sorteio da fila',
  verifyIntro:
    'Qualquer pessoa pode conferir: a semente revelada tem o sha256 publicado antes das vendas, e a ordem da pré-fila é a dos códigos ordenados por HMAC-SHA256(semente, código).',
  yourCode: 'Seu código na fila',
  commitmentOk: 'A semente confere com o compromisso publicado.',
  commitmentBad: 'A semente NÃO confere com o compromisso publicado.',
  orderOk: 'A ordem publicada é a ordem recalculada.',
  orderBad: 'A ordem publicada difere da recalculada.',
  yourPlace: 'Lugar recalculado',
  notFound: 'Código não encontrado na pré-fila.',
  notRevealed: 'O sorteio ainda não aconteceu: a semente será revelada na abertura das vendas.',
  live: 'Atualizado ao vivo',
  minutes: (n: number) => (n <= 1 ? 'menos de 1 minuto' : `cerca de ${n} minutos`),
} as const;
