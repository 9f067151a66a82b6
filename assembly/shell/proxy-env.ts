// A proxy named in tool_input.env (`{"env": {"HTTPS_PROXY": "http://host:8080"}}`): curl, wget, git and npm
// then send every request to that host. Only the variable's name is seen there, so web.fetch cannot judge the
// host (in the command, `https_proxy=URL git fetch`, the value is a contact the rows judge).

import { PROXY_VARIABLES } from "./programs";

/** The first key of tool_input.env that names a proxy (any case; `ftp_proxy` too), or "". */
export function proxyFromEnv(envKeys: Array<string>): string {
  for (let i = 0; i < envKeys.length; i++) {
    const k = envKeys[i].toLowerCase();
    if (k == "ftp_proxy" || PROXY_VARIABLES.includes(k)) return envKeys[i];
  }
  return "";
}
