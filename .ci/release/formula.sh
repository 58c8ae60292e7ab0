#!/usr/bin/env bash
# Writes the Homebrew formula (Formula/eventlint.rb) for a release: the macOS universal binary
# of VERSION and its SHA-256. The release workflow runs it with the checksum of the archive it
# attached and proposes the result as a pull request.
#
#   formula.sh VERSION SHA256 > Formula/eventlint.rb
set -euo pipefail
if [ "$#" -ne 2 ] || ! [[ "$2" =~ ^[0-9a-f]{64}$ ]]; then
  echo "usage: $0 VERSION SHA256 (64 lowercase hex digits)" >&2
  exit 2
fi
version="$1" sha256="$2"
cat <<RUBY
# Homebrew formula of eventlint: the macOS universal binary (arm64 and x86_64) of a release.
#   brew tap eventlint/eventlint https://github.com/eventlint/eventlint
#   brew install eventlint
# Written by .ci/release/formula.sh for each release; do not edit by hand.
class Eventlint < Formula
  desc "Lint GA4 and Firebase analytics data and tracking plans, and generate Swift tracking code"
  homepage "https://github.com/eventlint/eventlint"
  url "https://github.com/eventlint/eventlint/releases/download/v${version}/eventlint-${version}-macos-universal.tar.gz"
  version "${version}"
  sha256 "${sha256}"
  license "Apache-2.0"

  depends_on :macos

  def install
    bin.install "eventlint"
  end

  test do
    assert_equal "eventlint #{version}", shell_output("#{bin}/eventlint --version").strip
    (testpath/"schema").mkpath
    system bin/"eventlint", "init", testpath/"schema"
    system bin/"eventlint", "check", "--schema", testpath/"schema"
  end
end
RUBY
