/** The desktop tool's how-to install page (the descriptor's `fwdt.views.install`; issue 15): the route `App.tsx` mounts. */
export const DESKTOP_TOOL_PATH = '/fotoweb/views/desktop-tool';
