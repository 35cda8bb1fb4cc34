/**
 * React and React DOM alone, evaluated a task before the UI's own modules (main.ts, loadUi): the
 * two together took one task of 55–105 ms at 4× CPU on a slow phone; apart, each fits in less.
 * The bundler puts React in a chunk both this module and render-ui.tsx import, so it is
 * evaluated once, here.
 */
export { createRoot } from 'react-dom/client';
export { startTransition } from 'react';
