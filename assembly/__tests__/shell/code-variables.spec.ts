// The variables that make a program load code come from the program rows' env column (plus those that act
// on any program): every row's names count, in tool_input.env and as assignments in the command.
import { isCodeVariableName } from "../../shell/hidden-code";
import { programRows } from "../../shell/programs";

describe("code variables", () => {
  test("every name in a row's env column is one", () => {
    const rows = programRows();
    let names = 0;
    for (let r = 0; r < rows.length; r++) {
      const env = rows[r].codeEnv.split(" ");
      for (let i = 0; i < env.length; i++) {
        if (env[i].length == 0) continue;
        const name = env[i].endsWith("*") ? env[i].substring(0, env[i].length - 1) + "X" : env[i];
        expect(isCodeVariableName(name)).toBe(true, name);
        names++;
      }
    }
    expect(names).toBeGreaterThan(25);
  });

  test("the rows' names and the loader's, and no others", () => {
    const listed = ["GIT_CONFIG_KEY_0", "GIT_DIR", "NODE_OPTIONS", "BASH_ENV", "PS4", "PYTHONPATH", "PERL5OPT",
      "RUBYOPT", "MAKEFLAGS", "TAR_OPTIONS", "GOFLAGS", "LD_PRELOAD", "DYLD_INSERT_LIBRARIES", "PATH",
      "BASH_FUNC_x%%", "RUSTC_WRAPPER", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL", "GIT_SSH_COMMAND",
      "SHELL", "ZIPOPT", "RSYNC_CONNECT_PROG"];
    for (let i = 0; i < listed.length; i++) expect(isCodeVariableName(listed[i])).toBe(true, listed[i]);
    const plain = ["HOME", "LANG", "TERM", "CI", "NODE_ENV", "GIT_AUTHOR_NAME", "CDPATH", "PYTHON", "ENVX", "SHELLX",
      "ZIPOPTS", "RSYNC_PROG"];
    for (let i = 0; i < plain.length; i++) expect(isCodeVariableName(plain[i])).toBe(false, plain[i]);
  });
});
