/** pt-BR texts of the `<plateia-seat-picker>` element: its statuses, announcements and control labels. */

/** Texts the picker shows (pt-BR); the seat flow's errors are `SEAT_MESSAGES` (messages/seat-hold.ts). */
export const SEAT_PICKER_MESSAGES = {
  title: 'Escolha seus lugares',
  loading: 'Carregando mapa de assentos…',
  retry: 'Tentar Novamente',
  showList: 'Ver lista de assentos',
  showMap: 'Ver mapa',
  zoomIn: 'Aproximar',
  zoomOut: 'Afastar',
  reset: 'Ver mapa inteiro',
  keyboardHint:
    'Use as setas para ir de assento em assento, Home e End para o início e o fim da fileira, Enter ou espaço para escolher, + e − para aproximar ou afastar, Shift com as setas para mover o mapa e 0 para ver o mapa inteiro.',
  prices: 'Preços por setor',
  legend: 'Legenda',
  yourSeats: 'Seus lugares',
  noSeats: 'Nenhum lugar escolhido.',
  remove: 'Remover',
  holding: 'Reservando…',
  section: 'Setor',
  row: 'Fileira',
  seat: 'Assento',
  table: 'Mesa',
  ticketType: 'Tipo de ingresso',
  add: 'Adicionar ao carrinho',
  chooseSection: 'Escolha o setor',
  chooseRow: 'Escolha a fileira',
  chooseSeat: 'Escolha o assento',
  chooseTable: 'Escolha a mesa',
  noEvent: 'Informe o evento do mapa de assentos.',
} as const;
