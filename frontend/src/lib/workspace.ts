/**
 * A private workspace (the default when someone registers without a workspace name) is named `tenant-` and 32 hex
 * digits by the server: an internal id, not a name anyone chose. People see "Private workspace" instead; any other
 * name is shown as it is.
 */
const PRIVATE_WORKSPACE = /^tenant-[0-9a-f]{32}$/;

export function workspaceLabel(name: string): string {
  return PRIVATE_WORKSPACE.test(name) ? "Private workspace" : name;
}
