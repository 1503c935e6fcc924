export enum ApprovalStatus {
  pending = 'pending',
  approved = 'approved',
  denied = 'denied',
}
