export { checkEmail, emailKey } from './email';
export { checkPassword } from './password';
export { checkDisplayName } from './display-name';
export { checkOptionalText, checkRequiredText } from './text';
export { checkOptionalCount } from './whole-number';
export { checkBatchItem, type CheckedItem } from './batch-item';
