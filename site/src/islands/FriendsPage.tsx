import { useStore } from '@nanostores/react';
import {
  $authState,
  $friendlyAccept,
  $friendRequests,
  $friends,
  $friendsLoaded,
  $user,
  acceptFriend,
  addFriend,
  denyFriend,
  type FriendlyAccept,
  type Friendship,
  loadFriendSettings,
  loadFriends,
  removeFriend,
  saveFriendSettings,
} from '@plateia/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { FormField } from '../components/FormField.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { friendName } from '../lib/friends.ts';
import { useUnreadCounts } from '../lib/use-unread-counts.ts';

/**
 * `/friends` ("Meus Amigos"): the add-friend field, pending requests (accept, deny or
 * withdraw), the friends list with each chat's unread count, and the public-profile setting.
 */
export default function FriendsPage() {
  return (
    <ErrorBoundary>
      <FriendsForSession />
    </ErrorBoundary>
  );
}

function FriendsForSession() {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (authState === 'loggedOut' || !user) {
    return (
      <LoggedOutCard iconPath="M16 11a4 4 0 1 0-4-4 4 4 0 0 0 4 4Zm-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm0 2c-2.7 0-8 1.3-8 4v3h6v-3c0-1.1.6-2.1 1.6-2.9A10 10 0 0 0 8 13Zm8 0c-2.7 0-8 1.3-8 4v3h16v-3c0-2.7-5.3-4-8-4Z">
        Faça login para ver seus amigos e conversar com eles.
      </LoggedOutCard>
    );
  }
  return <Friends key={user.id} />;
}

function Friends() {
  const friends = useStore($friends);
  const requests = useStore($friendRequests);
  const loaded = useStore($friendsLoaded);
  const unread = useUnreadCounts();
  useEffect(() => {
    $friendsLoaded.set(false);
    void loadFriends();
    void loadFriendSettings();
  }, []);

  const received = requests.filter((request) => request.direction === 'received');
  const sent = requests.filter((request) => request.direction === 'sent');
  return (
    <div className="friends">
      <AddFriendForm />
      <section className="card friends-section" aria-labelledby="pedidos-title">
        <h2 id="pedidos-title">Pedidos de amizade</h2>
        {received.length === 0 && sent.length === 0 && <p className="muted">Nenhum pedido pendente.</p>}
        <ul className="friends-list">
          {received.map((request) => (
            <FriendRow key={request.id} friendship={request} note="quer ser seu amigo">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => void acceptFriend(request)}
              >
                Aceitar
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void denyFriend(request)}
              >
                Recusar
              </button>
            </FriendRow>
          ))}
          {sent.map((request) => (
            <FriendRow key={request.id} friendship={request} note="pedido enviado, aguardando resposta">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void removeFriend(request)}
              >
                Cancelar pedido
              </button>
            </FriendRow>
          ))}
        </ul>
      </section>
      <section className="card friends-section" aria-labelledby="amigos-title">
        <h2 id="amigos-title">Amigos</h2>
        {loaded && friends.length === 0 && (
          <p className="muted">Você ainda não tem amigos por aqui. Adicione alguém pelo e-mail.</p>
        )}
        <ul className="friends-list">
          {friends.map((friendship) => {
            const count = unread.get(friendship.friend.id) ?? 0;
            return (
              <FriendRow key={friendship.id} friendship={friendship}>
                <a className="btn btn-primary btn-sm" href={`/friends/${friendship.friend.id}/chat`}>
                  Conversar
                  {count > 0 && (
                    <span className="unread-badge">
                      {count}
                      <span className="visually-hidden"> mensagens não lidas</span>
                    </span>
                  )}
                </a>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => {
                    if (
                      globalThis.confirm?.(`Remover ${friendName(friendship)} dos seus amigos?`) !== false
                    ) {
                      void removeFriend(friendship);
                    }
                  }}
                >
                  Remover
                </button>
              </FriendRow>
            );
          })}
        </ul>
      </section>
      <PublicProfileSetting />
    </div>
  );
}

function FriendRow({
  friendship,
  note,
  children,
}: {
  friendship: Friendship;
  note?: string;
  children: React.ReactNode;
}) {
  const name = friendName(friendship);
  return (
    <li className="friend-row" data-friend-id={friendship.friend.id}>
      <span className="friend-avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="friend-main">
        <p className="friend-name">{name}</p>
        <p className="friend-email muted">{note ?? friendship.friend.user}</p>
      </div>
      <div className="friend-actions">{children}</div>
    </li>
  );
}

function AddFriendForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await addFriend(email);
    setBusy(false);
    setFieldError(result.fieldError ?? null);
    if (result.ok) setEmail('');
  }
  return (
    <form className="card friends-add" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <h2>Adicionar amigo</h2>
      <div className="friends-add-row">
        <FormField
          label="E-mail do amigo"
          type="email"
          name="friend-email"
          autoComplete="off"
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Adicionar
        </button>
      </div>
    </form>
  );
}

function PublicProfileSetting() {
  const current = useStore($friendlyAccept);
  const [value, setValue] = useState<FriendlyAccept>(current);
  useEffect(() => setValue(current), [current]);
  return (
    <form
      className="card friends-section"
      onSubmit={(event) => {
        event.preventDefault();
        void saveFriendSettings(value);
      }}
    >
      <h2>Privacidade</h2>
      <fieldset className="friends-privacy">
        <legend>Perfil público</legend>
        <label>
          <input type="radio" name="friendly_accept" checked={value === 1} onChange={() => setValue(1)} />{' '}
          Público: quem me adicionar vê meu nome e minha foto
        </label>
        <label>
          <input type="radio" name="friendly_accept" checked={value === 2} onChange={() => setValue(2)} />{' '}
          Privado: só meus amigos veem meu nome e minha foto
        </label>
      </fieldset>
      <button type="submit" className="btn btn-secondary">
        Salvar configurações
      </button>
    </form>
  );
}
