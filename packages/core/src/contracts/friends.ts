/** Friends as the API host lists them (`/friendly/list`, docs/social.md). */

/** Spec §3: 1 = accepted friendship, 2 = pending request. */
export type FriendshipStatus = 1 | 2;
/** Spec §3: 1 = public profile, 2 = not public. */
export type FriendlyAccept = 1 | 2;

/** The other member of a friendship. A non-public profile not yet a friend shows only `user`. */
export interface Friend {
  id: number;
  /** The e-mail. */
  user: string;
  namef: string;
  namel: string;
  nickname: string;
  avatar: string;
  /** Whether their profile is public (`friendly_accept` 1). */
  public: boolean;
}

/** One friendship or pending request. */
export interface Friendship {
  id: number;
  status: FriendshipStatus;
  /** `sent`: asked by the customer; `received`: the customer may accept or deny. */
  direction: 'sent' | 'received';
  created_at: string;
  accepted_at: string | null;
  /** The pair's chat room, for friends. */
  chatRoomId: string | null;
  friend: Friend;
}
