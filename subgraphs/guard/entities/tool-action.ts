/** What a tool rule does to a call of a matching tool. */
export enum ToolAction {
  allow = 'allow',
  block = 'block',
  require_approval = 'require_approval',
}
