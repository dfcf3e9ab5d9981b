import './plateia-env.ts';
import { configureApi } from '@plateia/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './app.css';

// Before any element talks to the API host: every element shares this one core.
configureApi({ baseUrl: __PLATEIA_API__ });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
