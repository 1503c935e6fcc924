export { checkEmail, emailKey } from './email';
export { checkPassword } from './password';
