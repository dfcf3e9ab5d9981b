/**
 * `@plateia/widgets/login`: importing it registers `<plateia-login>`.
 * The React component is exported too for React hosts that render it themselves; its
 * texts and defaults stay internal (nothing imports them, and the script-tag build need
 * not carry their export names).
 */
import { defineLogin } from './login.element.ts';

defineLogin();

export { defineLogin, LOGIN_TAG, PlateiaLogin, type PlateiaLoginDetail } from './login.element.ts';
export { Login, type LoginProps } from './login.tsx';
