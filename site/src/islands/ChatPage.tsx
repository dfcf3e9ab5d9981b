import { useStore } from '@nanostores/react';
import {
  $authState,
  $chatConnection,
  $chatHasMore,
  $chatMessages,
  $friends,
  $user,
  type ChatConnectionStatus,
  type ClientChatMessage,
  closeChat,
  loadFriends,
  loadOlderMessages,
  openChat,
  sendMessage,
} from '@plateia/core';
import { formatTime } from '@plateia/core/format/dates';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { friendName } from '../lib/friends.ts';

const CONNECTION_LABELS: Record<ChatConnectionStatus, string> = {
  disconnected: 'Desconectado',
  connecting: 'Conectando…',
  connected: 'Conectado',
  error: 'Sem conexão. Tentando novamente…',
};

const STATUS_LABELS: Record<ClientChatMessage['status'], string> = {
  pending: 'Enviando…',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
};

/** `/friends/{id}/chat`: the chat with one friend (the footer is hidden on this page). */
export default function ChatPage({ friendId }: { friendId: number }) {
  return (
    <ErrorBoundary>
      <ChatForSession friendId={friendId} />
    </ErrorBoundary>
  );
}

function ChatForSession({ friendId }: { friendId: number }) {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState === 'loading') return <div className="card chat" aria-busy="true" />;
  if (authState === 'loggedOut' || !user) {
    return (
      <LoggedOutCard iconPath="M4 4h16v12H7l-3 3V4Zm2 2v8.2L6.2 14H18V6H6Z">
        Faça login para conversar com seus amigos.
      </LoggedOutCard>
    );
  }
  return <Chat key={`${user.id}-${friendId}`} friendId={friendId} />;
}

function Chat({ friendId }: { friendId: number }) {
  const messages = useStore($chatMessages);
  const connection = useStore($chatConnection);
  const hasMore = useStore($chatHasMore);
  const friends = useStore($friends);
  const [text, setText] = useState('');
  const logRef = useRef<HTMLOListElement>(null);
  const friendship = friends.find((entry) => entry.friend.id === friendId);

  useEffect(() => {
    void loadFriends();
    void openChat(friendId);
    return closeChat;
  }, [friendId]);

  const lastId = messages.at(-1)?.messageId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message is added at the end
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim()) return;
    void sendMessage(text);
    setText('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section className="chat" aria-label="Conversa">
      <header className="chat-head">
        <div>
          <a href="/friends" className="muted">
            ← Meus Amigos
          </a>
          <h1 className="page-title">{friendship ? friendName(friendship) : 'Conversa'}</h1>
        </div>
        <span className="chat-status" data-status={connection} role="status">
          {CONNECTION_LABELS[connection]}
        </span>
      </header>
      <ol className="chat-log" ref={logRef} aria-live="polite">
        {hasMore && (
          <li className="chat-message" data-type="system">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void loadOlderMessages()}>
              Carregar mensagens anteriores
            </button>
          </li>
        )}
        {messages.map((message) => (
          <li
            key={message.messageId}
            className="chat-message"
            data-type={message.type}
            data-status={message.status}
          >
            {message.text}
            {message.type !== 'system' && (
              <span className="chat-meta">
                {formatTime(message.timestamp)}
                {message.type === 'message-sent' && ` · ${STATUS_LABELS[message.status]}`}
              </span>
            )}
          </li>
        ))}
      </ol>
      <form className="chat-form" onSubmit={submit}>
        <label htmlFor="chat-text" className="visually-hidden">
          Mensagem
        </label>
        <textarea
          id="chat-text"
          className="input"
          maxLength={2000}
          placeholder="Escreva uma mensagem"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary">
          Enviar
        </button>
      </form>
    </section>
  );
}
