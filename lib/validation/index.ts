export { checkEmail, emailKey } from './email';
export { checkPassword } from './password';
export { checkDisplayName } from './display-name';
