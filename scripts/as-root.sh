# Sourced by the ensure-*-deps scripts: sets `as_root` to the prefix that runs a command as root
# (none when this is root, `sudo -n` when sudo works without a password) and returns 0; returns 1
# when neither works, so the caller says what to install by hand.
find_root_prefix() {
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    return 1
  fi
}
