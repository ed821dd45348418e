import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The centred card of the signed-out screens (sign-in, callbacks, sign-out). */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-page-header">
        <Logo />
      </header>
      <main className="public-page-card">
        <h1 className="public-page-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
