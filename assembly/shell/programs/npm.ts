// Package managers (npm 10, pnpm 9, yarn 4, pip 24): npm reads its options anywhere before `--`; a package
// named apart from its command, or a config key naming a program, is code nobody can read.

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, Style, contacts, program, writes } from "./spec";

const W = Kind.WRAPPER;
const STYLE = Style.PERMUTE | Style.SEPARATE_VALUES;
/** npm's options anywhere in the line, before and after the subcommand (their subcommand rows read them too). */
const OPTIONS = "workspace=/w prefix= call=/c package= script-shell= node-options= userconfig= globalconfig= " +
  "init-module= editor= browser= viewer= shell= onload-script= git= node-gyp= registry= cache= logs-dir= " +
  "pack-destination= location=/L global/g save-dev/D force/f yes/y";
/** Short options that take a value. */
const SHORTS = "wcL";
const V = EffectFrom.OPTION_VALUE;
const ALWAYS = EffectFrom.ALWAYS;
/**
 * `npm config set` writes the user's config unless `--location` says project or global (`-g`: the global
 * config, in the global prefix, which the npm row judges as a place no path names).
 */
const USER_CONFIG = "~/.npmrc";
const USER_CONFIG_WHEN = "!--location=project !--location=global !-g !--global";
/** With `--location=project`: the project's `.npmrc`, at the package root (read as the working directory). */
const PROJECT_CONFIG = ".npmrc";
const PROJECT_CONFIG_WHEN = "--location=project";

// Where a package comes from when no URL names it: the default registry, unless --registry or the environment
// says otherwise. An .npmrc is configuration, like a git remote: its registry is judged where it is set (`npm
// config set registry URL`); another program writing an .npmrc is refused when web.fetch is declared
// (policy/capabilities/command/command-scopes.ts).
const NPM_REGISTRY = "https://registry.npmjs.org/";
const YARN_REGISTRY = "https://registry.yarnpkg.com/";
const NOT_ELSEWHERE = " !--registry !$npm_config_registry";
const YARN_NOT_ELSEWHERE = NOT_ELSEWHERE + " !$YARN_NPM_REGISTRY_SERVER !$YARN_REGISTRY";

/** Subcommands that fetch packages: the registry, and each package spec that is a URL, a path or a shorthand. */
function installs(): ProgramRow {
  return fetches(program("exec x dlx pack"));
}

/**
 * Subcommands that change the project's packages: they also write node_modules, package.json and the lock file
 * in the working directory (the package root), unless -g sends them to the global prefix.
 */
function changesPackages(): ProgramRow {
  return projectWrites(fetches(program("install i in ins inst insta instal isnt isnta isntal isntall add ci clean-install ic " +
    "install-clean isntall-clean update up upgrade udpate install-test it install-ci-test cit dedupe ddp")));
}

/** Subcommands that remove packages from the project. */
function removesPackages(): ProgramRow {
  return projectWrites(program("uninstall unlink remove rm r un prune").style(STYLE).options(SHORTS, OPTIONS));
}

function fetches(row: ProgramRow): ProgramRow {
  return row.style(STYLE).options(SHORTS, OPTIONS)
    .effect(contacts(EffectFrom.OPERANDS)).effect(contacts(ALWAYS, "", "@npm @pnpm" + NOT_ELSEWHERE, NPM_REGISTRY))
    .effect(contacts(ALWAYS, "", "@yarn" + YARN_NOT_ELSEWHERE, YARN_REGISTRY));
}

const PROJECT = "!-g !--global !--location=global";

function projectWrites(row: ProgramRow): ProgramRow {
  return row.effect(writes(ALWAYS, "", PROJECT, "node_modules").tree()).effect(writes(ALWAYS, "", PROJECT, "package.json"))
    .effect(writes(ALWAYS, "", "@npm " + PROJECT, "package-lock.json"))
    .effect(writes(ALWAYS, "", "@yarn " + PROJECT, "yarn.lock"))
    .effect(writes(ALWAYS, "", "@pnpm " + PROJECT, "pnpm-lock.yaml"));
}

/** Subcommands that talk to the registry about packages. */
function queries(): ProgramRow {
  return program("view info show v search s se find outdated audit publish unpublish dist-tag deprecate owner " +
    "access ping whoami login adduser add-user doctor star unstar")
    .style(STYLE).options(SHORTS, OPTIONS)
    .effect(contacts(ALWAYS, "", "@npm @pnpm" + NOT_ELSEWHERE, NPM_REGISTRY))
    .effect(contacts(ALWAYS, "", "@yarn" + YARN_NOT_ELSEWHERE, YARN_REGISTRY));
}

/**
 * `npm config set registry URL` (also `npm set`, `KEY=VALUE`, a scope's `@x:registry`): the registry later
 * installs contact, judged where it is set.
 */
function configures(): ProgramRow {
  return program("config c").style(STYLE).options(SHORTS, OPTIONS + " json")
    .effect(contacts(EffectFrom.CONFIG_VALUE, "registry"))
    .effect(writes(ALWAYS, "", USER_CONFIG_WHEN, USER_CONFIG).also("#set #delete #rm #del #edit #fix"))
    .effect(writes(ALWAYS, "", PROJECT_CONFIG_WHEN, PROJECT_CONFIG).also("#set #delete #rm #del #edit #fix"));
}

/** `npm set KEY VALUE`: `npm config set`. */
function sets(): ProgramRow {
  return program("set").style(STYLE).options(SHORTS, OPTIONS + " json")
    .effect(contacts(EffectFrom.CONFIG_VALUE, "registry"))
    .effect(writes(ALWAYS, "", USER_CONFIG_WHEN, USER_CONFIG))
    .effect(writes(ALWAYS, "", PROJECT_CONFIG_WHEN, PROJECT_CONFIG));
}

/** `npm link` links a package into the global prefix (and `npm link pkg` installs pkg there first if it is not). */
function links(): ProgramRow {
  return program("link ln").style(STYLE).options(SHORTS, OPTIONS).effect(writes(ALWAYS, "", "", ""));
}

export function npmRows(rows: ProgramRow[]): void {
  rows.push(program("npm pnpm yarn", Cmd.NPM | W).style(STYLE)
    .options(SHORTS, OPTIONS)
    .runs("-c --call", CodeIn.SHELL_TEXT)
    .runs("--package", CodeIn.ANY_USE)
    .refuses("--script-shell --node-options --userconfig --globalconfig --init-module --editor --browser --viewer " +
      "--shell --onload-script --git --node-gyp", CodeIn.PROGRAM)
    .env("NODE_OPTIONS")
    .flags("force/f global/g save-dev/d yes/y")
    // -g (also --location=global) installs into the global prefix, a place no path names here.
    .effect(writes(V, "--prefix --cache --logs-dir --pack-destination"))
    .effect(writes(ALWAYS, "", "-g --global --location=global", ""))
    .effect(contacts(V, "--registry")).effect(contacts(EffectFrom.ENV_VALUE, "npm_config_registry"))
    .effect(contacts(EffectFrom.ENV_VALUE, "YARN_NPM_REGISTRY_SERVER")).effect(contacts(EffectFrom.ENV_VALUE, "YARN_REGISTRY"))
    // A bare `yarn` installs.
    .effect(contacts(EffectFrom.WITHOUT_OPERANDS, "", "@yarn" + YARN_NOT_ELSEWHERE, YARN_REGISTRY))
    .effect(writes(EffectFrom.WITHOUT_OPERANDS, "", "@yarn", "node_modules").tree())
    .effect(writes(EffectFrom.WITHOUT_OPERANDS, "", "@yarn", "yarn.lock"))
    // A config file named in the environment can name any registry.
    .effect(contacts(ALWAYS, "", "$npm_config_userconfig $npm_config_globalconfig", ""))
    // npm takes its proxy from the environment too: every request goes there.
    .effect(contacts(EffectFrom.ENV_VALUE, "http_proxy")).effect(contacts(EffectFrom.ENV_VALUE, "https_proxy"))
    .sub(installs()).sub(changesPackages()).sub(removesPackages()).sub(queries()).sub(configures()).sub(sets()).sub(links()));
  rows.push(program("npx pnpx bunx", Cmd.NPX | W).style(0)
    .options("pcwr", "package=/p call=/c workspace=/w registry=/r yes/y no/n quiet/q ignore-existing prefer-offline")
    .runs("-c --call", CodeIn.SHELL_TEXT)
    .runs("-p --package -r --registry", CodeIn.ANY_USE)
    .env("NODE_OPTIONS"));
  rows.push(program("pip pip3 uv", Cmd.PIP).options("rce", "requirement=/r constraint=/c editable=/e")
    .flags("upgrade/u requirement/r editable/e"));
}
