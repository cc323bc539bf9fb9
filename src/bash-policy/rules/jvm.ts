/**
 * Java and .NET: mvn, gradle, java, dotnet. Each reads workspace files that give the runtime
 * options or select the SDK before it does anything (`.mvn/jvm.config`, `gradle.properties`,
 * `global.json`), so every command, version queries included, needs the sandbox; publishing,
 * other settings files, agents and package sources are refused.
 */
import { deny, notAllowed } from '../denial.js';
import type { Rule } from './rule.js';

/** mvn / ./mvnw: every goal runs plugins; deploy and release publish. */
export const maven =
  (name: string): Rule =>
  (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.value;
      if (
        // No other mvn option starts with a lower-case `s` or `t`: glued forms are covered too.
        /^(-s|-gs|-t|-gt|--settings|--global-settings|--toolchains|--global-toolchains)/.test(a)
      )
        return deny(
          'maven-option',
          `\`${name} ${a}\` replaces the settings (repositories, credentials, proxies); not allowed.`,
        );
      if (a === '-f' || a === '--file') {
        const problem = args[i + 1] && ctx.checkPath(args[i + 1]!, 'read');
        if (problem) return problem;
      }
      if (!a.startsWith('-') && /^(deploy|release:|site-deploy|gpg:|wagon:|scm:|deploy:)/.test(a))
        return deny('maven-goal', `\`${name} ${a}\` publishes or uses credentials; not allowed.`);
    }
    // Even `-v`: `.mvn/jvm.config` and `.mvn/maven.config` give the JVM and Maven options first.
    return ctx.workspaceCode(`\`${name}\` runs the build's plugins and tests (and \`.mvn/jvm.config\`)`);
  };

/** gradle / ./gradlew: the build script is code; init scripts and publishing are refused. */
export const gradle =
  (name: string): Rule =>
  (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.value;
      if (
        /^(-I|--init-script|-c|--settings-file|-g|--gradle-user-home|--scan|--include-build|-b|--build-file)(=|$)/.test(
          a,
        ) ||
        /^-I./.test(a)
      )
        return deny('gradle-option', `\`${name} ${a}\` loads another script or settings; not allowed.`);
      if (a === '-p' || a === '--project-dir') {
        const problem = args[i + 1] && ctx.checkPath(args[i + 1]!, 'read');
        if (problem) return problem;
      }
      if (!a.startsWith('-') && /^(:?[\w-]+:)*(publish|upload|wrapper|closeAndRelease|release)/i.test(a))
        return deny('gradle-task', `\`${name} ${a}\` publishes or downloads a distribution; not allowed.`);
    }
    // Even `--version`: the wrapper and `gradle.properties` (`org.gradle.jvmargs`) come first.
    return ctx.workspaceCode(`\`${name}\` runs the build script, plugins and tests`);
  };

/**
 * java: running a jar, class or source file of the project; agents, native libraries and
 * argument files refused. Even `-version` with `-D…` properties runs project code (a
 * `java.system.class.loader` from the class path is loaded first), so every form needs the sandbox.
 */
export const java: Rule = (args, ctx) =>
  javaOptions(args, ctx) ??
  ctx.workspaceCode("`java` loads the project's classes (a class loader named by `-D` runs first)");

const javaOptions: Rule = (args, ctx) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.value;
    if (a.startsWith('@'))
      return deny(
        'response-file',
        `\`java ${a}\` reads more options from a file, which the policy cannot see.`,
      );
    if (
      [
        '-version',
        '--version',
        '-showversion',
        '--show-version',
        '-help',
        '--help',
        '-h',
        '-?',
        '-fullversion',
        '--full-version',
      ].includes(a)
    )
      return undefined;
    if (
      /^-(javaagent|agentlib|agentpath|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|XX:\+?StartFlightRecording|Xrunjdwp|Xdebug)/.test(
        a,
      )
    )
      return deny('java-agent', `\`java ${a}\` loads an agent or runs a program; not allowed.`);
    if (
      [
        '-cp',
        '-classpath',
        '--class-path',
        '-p',
        '--module-path',
        '--add-opens',
        '--add-exports',
        '--add-modules',
        '--enable-native-access',
      ].includes(a)
    ) {
      i++;
      continue;
    }
    if (a === '-jar') {
      const jar = args[i + 1];
      if (!jar) return deny('java-option', '`java -jar` needs a file.');
      return ctx.checkPath(jar, 'read');
    }
    if (a.startsWith('-')) {
      if (
        /^-(D[\w.-]+=?|X[\w:+-]+|ea|da|esa|dsa|enableassertions|disableassertions|server|client|verbose:\w+|XX:[\w+=.-]+|Xmx\w+|Xms\w+|Xss\w+|Duser\.\w+=.*|-enable-preview|-source)/.test(
          a,
        )
      )
        continue;
      return notAllowed('unknown-option', `\`java ${a}\` is not an option the policy knows.`);
    }
    const source = args[i]!;
    return source.value.endsWith('.java') ? ctx.checkPath(source, 'read') : undefined;
  }
  return notAllowed('java-option', '`java` needs a class, a jar or -version.');
};

/**
 * dotnet: build, test, run, restore (MSBuild runs project code); pack/publish to a feed refused.
 * Even `--version` resolves the SDK through `global.json`, which can name a folder of the workspace.
 */
export const dotnet: Rule = (args, ctx) =>
  dotnetSubcommand(args, ctx) ??
  ctx.workspaceCode('`dotnet` runs the SDK `global.json` selects and MSBuild tasks');

const dotnetSubcommand: Rule = (args, ctx) => {
  const sub = args[0]?.value;
  if (
    sub === undefined ||
    ['--version', '--info', '--list-sdks', '--list-runtimes', '-h', '--help'].includes(sub)
  )
    return undefined;
  if (
    [
      'nuget',
      'tool',
      'workload',
      'new',
      'add',
      'remove',
      'dev-certs',
      'user-secrets',
      'sdk',
      'exec',
    ].includes(sub)
  )
    return deny(
      'dotnet-subcommand',
      `\`dotnet ${sub}\` installs, publishes, reads secrets or runs an arbitrary file; not allowed.`,
    );
  const rest = args.slice(1);
  const bad = rest.find((a) =>
    /^(-s|--source|--add-source|--interactive|--configfile|-a|--api-key)(=|:|$)/i.test(a.value),
  );
  if (bad)
    return deny(
      'dotnet-option',
      `\`dotnet ${sub} ${bad.value}\` names a package source or credentials; not allowed.`,
    );
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!.value;
    if (/^(-o|--output|--results-directory|--diag|-d)$/.test(a) && rest[i + 1]) {
      const problem = ctx.checkPath(rest[i + 1]!, 'write');
      if (problem) return problem;
    }
  }
  if (sub === 'format') {
    const verify = rest.some((a) => a.value === '--verify-no-changes');
    if (!verify)
      return notAllowed(
        'formatter-write-mode',
        '`dotnet format` rewrites files; run it with `--verify-no-changes`.',
      );
  }
  if (
    [
      'build',
      'test',
      'run',
      'restore',
      'format',
      'pack',
      'publish',
      'clean',
      'msbuild',
      'vstest',
      'list',
      'sln',
      'watch',
    ].includes(sub)
  ) {
    return undefined;
  }
  return notAllowed('dotnet-subcommand', `\`dotnet ${sub}\` is not on the allowlist.`);
};
