"""The whist-laws knowledge base. Data flows one way, and imports follow it (tests/test_layering.py):

    corpus/ -> ingest/ -> kb.store      records in SQLite, embeddings + FAISS      (kb.codes: the codes)
            -> kb.retrieval             law-number resolver, BM25 + dense hybrid search, vocabulary
            -> kb.rules                 the formal model of the laws (rules as code, scenarios)
            -> kb.nlu                   a question read into facts of the rules model
            -> kb.answering             checker, law-wording and precedent verdicts, the answer
            -> kb.present / kb.cli      page views, concordance, exports / the `whist` command
"""
