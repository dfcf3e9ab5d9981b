// Each import registers one element; the app only pays for the elements it uses.
import '@plateia/widgets/buy-button';
import '@plateia/widgets/cart-bar';
import '@plateia/widgets/checkout';
import '@plateia/widgets/login';
import '@plateia/widgets/seat-picker';
import { useEffect, useState } from 'react';

/** The demo catalogue's festival (general admission) and theatre (numbered seats). */
export const FESTIVAL_EVENT_ID = '1';
export const SEATED_EVENT_ID = '2';

/**
 * A venue's React app: the elements are used in JSX like any tag (React 19 passes
 * attributes to custom elements and keeps them in the page's one React tree), and the
 * app follows the shared cart through the elements' DOM events.
 */
export function App() {
  const [cartCount, setCartCount] = useState<number | null>(null);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    const onCartChange = (event: Event) => {
      const detail = (event as CustomEvent<{ count: number }>).detail;
      setCartCount(detail.count);
    };
    const onComplete = () => setPaid(true);
    // The events bubble and are composed, so the document hears every element's.
    document.addEventListener('plateia-cart-change', onCartChange);
    document.addEventListener('plateia-checkout-complete', onComplete);
    return () => {
      document.removeEventListener('plateia-cart-change', onCartChange);
      document.removeEventListener('plateia-checkout-complete', onComplete);
    };
  }, []);

  return (
    <>
      <header className="hero">
        <h1>Casa de Shows Aurora</h1>
        <p>Ingressos vendidos pela Plateia, no nosso próprio site.</p>
        {cartCount !== null && (
          <p role="status" className="cart-note">
            {cartCount === 1 ? '1 item no carrinho' : `${cartCount} itens no carrinho`}
          </p>
        )}
      </header>
      <main>
        <section aria-labelledby="festival-title" className="card">
          <h2 id="festival-title">Festival Sons do Cerrado</h2>
          <p>Escolha o tipo de ingresso e o lote.</p>
          <plateia-buy-button event-id={FESTIVAL_EVENT_ID} label="Comprar ingressos"></plateia-buy-button>
        </section>
        <section aria-labelledby="teatro-title">
          <h2 id="teatro-title">O Auto da Compadecida</h2>
          <plateia-seat-picker event-id={SEATED_EVENT_ID}></plateia-seat-picker>
        </section>
        <section id="checkout" aria-labelledby="checkout-title">
          <h2 id="checkout-title">Finalizar compra</h2>
          {paid && <p role="status">Pagamento confirmado. Bom espetáculo!</p>}
          <plateia-checkout></plateia-checkout>
        </section>
      </main>
      <plateia-cart-bar checkout-url="#checkout"></plateia-cart-bar>
      <plateia-login></plateia-login>
    </>
  );
}
