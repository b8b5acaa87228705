# Sourced by the scripts that install what they need on Debian or Ubuntu.

# apt_install PACKAGE...: installs the packages (through sudo unless root).
apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "installing: $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# install_missing PACKAGE...: installs those dpkg does not list as installed.
install_missing() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
}
