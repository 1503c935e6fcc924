import type { Manifest } from '../../package/contents/package-schemas';

export type { Field, Model } from '../../package/contents/package-schemas';
export type Role = Manifest['roles'][number];
