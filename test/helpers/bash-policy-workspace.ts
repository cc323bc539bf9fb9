/**
 * A throwaway workspace for bash-policy tests: `.git/`, `.github/workflows/`, `src/`, and
 * symlinks that lead outside it (`evil-link` → /etc/passwd, `linkdir` → /etc, and `nest/etc`
 * → /etc inside a folder, as a repository can carry one).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function makePolicyWorkspace(): { root: string; cleanup: () => void } {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'bash-policy-')));
  for (const dir of ['.git/hooks', '.github/workflows', 'src', 'scripts', 'nest'])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'src', 'main.ts'), 'export {};\n');
  symlinkSync('/etc/passwd', path.join(root, 'evil-link'));
  symlinkSync('/etc', path.join(root, 'linkdir'));
  symlinkSync('src', path.join(root, 'src-link'));
  symlinkSync('/etc', path.join(root, 'nest', 'etc'));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
