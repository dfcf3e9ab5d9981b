// Account profile wire shapes shared by the API host (which checks and stores them) and
// the client (which sends them).

/**
 * The profile fields sign-up and the profile edit carry besides the name and e-mail
 * (docs/accounts.md): all optional strings, an empty one clears the field.
 */
export interface ProfileDetails {
  cpfnpj?: string;
  phone?: string;
  nickname?: string;
  gender?: string;
  birth_date?: string;
  cep?: string;
  rua?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  cidade?: string;
  uf?: string;
  instagram?: string;
  profession?: string;
  profession_details?: string;
}
