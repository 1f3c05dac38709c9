"""answering"""
