import { INVALID_EMAIL_MESSAGE } from './accounts.ts';

/** pt-BR texts of producers' organisations and teams, shared by the API host and the producer area. */

/** The roles a member of an organisation may have, strongest first. */
export const ORGANISATION_ROLES = ['owner', 'manager', 'box_office', 'door', 'viewer'] as const;

/** A member's role in an organisation. */
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** Each role's name as the producer area shows it. */
export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: 'Proprietário',
  manager: 'Gerente',
  box_office: 'Bilheteria',
  door: 'Portaria',
  viewer: 'Visualização',
};

/** Texts of the organisation and team calls. */
export const ORGANISATION_MESSAGES = {
  nameRequired: 'Informe o nome da organização.',
  documentInvalid: 'Informe um CPF ou CNPJ válido.',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  phoneRequired: 'Informe um telefone com DDD.',
  verifiedOnly: 'Confirme seu e-mail antes de criar uma organização.',
  tooManyOrganisations:
    'Você já criou o máximo de organizações permitido. Fale com o suporte para criar outra.',
  notFound: 'Organização não encontrada.',
  forbidden: 'Seu papel nesta organização não permite esta ação.',
  ownersOnly: 'Somente um proprietário pode convidar, alterar ou remover proprietários.',
  lastOwner: 'A organização precisa de pelo menos um proprietário.',
  memberNotFound: 'Membro não encontrado.',
  invitationNotFound: 'Convite não encontrado ou expirado.',
  invitationOtherEmail:
    'Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo.',
  invitationVerifiedOnly: 'Confirme seu e-mail antes de aceitar o convite.',
  alreadyMember: 'Você já faz parte desta organização.',
  alreadyInTeam: 'Esta pessoa já faz parte da equipe.',
  tooManyInvitations: 'Muitos convites enviados hoje. Tente novamente amanhã.',
  originInvalid: 'Informe cada site como https://www.seusite.com.br, sem caminho nem barra no fim.',
  tooManyOrigins: 'Cadastre no máximo 20 sites por organização.',
  originsSaved: 'Sites salvos.',
  invited: 'Convite enviado.',
  accepted: 'Convite aceito. Bem-vindo à equipe!',
} as const;
