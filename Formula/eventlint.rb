# Homebrew formula of eventlint: the macOS universal binary (arm64 and x86_64) of a release.
#   brew tap eventlint/eventlint https://github.com/eventlint/eventlint
#   brew install eventlint
# Written by .ci/release/formula.sh for each release; do not edit by hand.
class Eventlint < Formula
  desc "Lint GA4 and Firebase analytics data and tracking plans, and generate Swift tracking code"
  homepage "https://github.com/eventlint/eventlint"
  url "https://github.com/eventlint/eventlint/releases/download/v0.1.0/eventlint-0.1.0-macos-universal.tar.gz"
  version "0.1.0"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
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
