// The demo host page's script (/demo, rendered by server/widget/host-page.ts): the ad case form,
// the players' messages, and the account panel. Built by vite.pages.config.ts, so the page's CSP
// allows this origin's scripts and styles only.
import { accountCalls } from './account-calls.ts';
import { startAccountPanel } from './account-panel.ts';
import { showPlayerMessages, submitAdCaseOnChange } from './player-messages.ts';
import './demo-page.css';

submitAdCaseOnChange();
showPlayerMessages();
startAccountPanel(accountCalls({ cookie: () => document.cookie, fetchImpl: (input, init) => fetch(input, init) }));
