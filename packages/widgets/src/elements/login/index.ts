/**
 * `@plateia/widgets/login`: importing it registers `<plateia-login>`.
 * The React component is exported too for React hosts that render it themselves.
 */
import { defineLogin } from './login.element.ts';

defineLogin();

export { defineLogin, LOGIN_TAG, PlateiaLogin, type PlateiaLoginDetail } from './login.element.ts';
export { DEFAULT_SIGNUP_URL, LOGIN_MESSAGES, Login, type LoginProps } from './login.tsx';
