// The component calls' wire shapes (docs/components.md), shared by the server and the browser client.
import type { ComponentSettings } from '../../schemas';

export interface Dependency {
  /** A component with a relation to this one, or a workflow that runs on it or writes into it. */
  kind: 'component' | 'workflow';
  uuid: string;
  name: string;
  ref: string;
}

export interface Component {
  uuid: string;
  name: string;
  scope: string | null;
  tag: string | null;
  ref: string;
  label: Record<string, string>;
  displayName: string;
  icon: string | null;
  sort: number;
  is_public: boolean;
  is_active: boolean;
  is_custom: boolean;
  public_version: string | null;
  dev_version: string | null;
  versions: string[];
  dependencies: Dependency[];
  props: Record<string, unknown>;
  workspaces: { uuid: string; name: string }[];
  CreatedAt: string;
  UpdatedAt: string;
}

export type ComponentModel = Component & { settings: ComponentSettings };

export interface MenuItem {
  uuid: string;
  name: string;
  scope: string | null;
  ref: string;
  label: Record<string, string>;
  displayName: string;
  icon: string | null;
  sort: number;
  is_active: boolean;
}

/** POST /v3/system/component */
export interface CreateComponentBody {
  name: string;
  label: Record<string, string>;
  scope: string | null;
  tag: string | null;
}
